import net from 'node:net';

/**
 * For the outbound-address tests (issue 48, point 4): a listener on loopback that counts the
 * connections it is offered and closes each at once, so a test can show that a refused address
 * was never connected to; and a resolver a test controls, for names that resolve where it says.
 */
export interface CountingListener {
  port: number;
  /** Connections offered so far. */
  arrived(): number;
  close(): Promise<void>;
}

export async function countingListener(): Promise<CountingListener> {
  let arrived = 0;
  const server = net.createServer((socket) => {
    arrived += 1;
    socket.destroy();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as net.AddressInfo).port,
    arrived: () => arrived,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** A resolver that answers these names with these addresses, and no other name at all. */
export const resolverOf =
  (names: Record<string, string[]>) =>
  async (name: string): Promise<string[]> => {
    const found = names[name];
    if (found) return found;
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
