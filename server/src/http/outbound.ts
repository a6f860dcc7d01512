import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import {
  hostRefusal,
  kindOf,
  kindWords,
  parseHost,
  type Reach,
  type Refusal,
  reaches,
  refusalWords,
  shownAddress,
} from './addresses.js';

/**
 * Connections to addresses given to the server (push endpoints, the SMS gateway, the SMTP
 * server: issue 48, point 4), judged on the address actually connected to. A name is resolved
 * here, every address it resolves to is judged by the rule (addresses.ts), and the socket is
 * opened to one of those very addresses: Node connects to what `lookup` answers, so a name that
 * resolves to loopback, or starts to between a save's check and a send, reaches nothing. An
 * address written as one is judged before the socket is made, since Node looks nothing up for
 * it. Nothing here follows a redirect: the HTTP channels read a 3xx as an answer.
 */

/** A resolver: the addresses a name has. The system's by default; a test's own otherwise. */
export type Resolve = (name: string) => Promise<string[]>;

/** The system's resolver (getaddrinfo: /etc/hosts, then DNS), as Node's connections use it. */
export const systemResolve: Resolve = async (name) =>
  (await dns.promises.lookup(name, { all: true, verbatim: true })).map((a) => a.address);

/** A connection not made: the address it would have reached is one the rule refuses. */
export class RefusedAddress extends Error {
  readonly code = 'EREFUSEDADDRESS';

  constructor(
    readonly refusal: Refusal,
    /** The name that resolved to the address, when it was a name. */
    readonly resolvedName?: string,
    /** The variable that would allow loopback on this channel, named to whoever reads why. */
    loopbackSetting?: string,
  ) {
    const what = resolvedName
      ? `${resolvedName} resolves to ${refusal.address}, ${kindWords(refusal.kind)}`
      : refusalWords(refusal);
    super(
      refusal.kind === 'loopback' && loopbackSetting
        ? `${what}, where the server connects only with ${loopbackSetting}=true in its environment`
        : `${what}, and the server does not connect there`,
    );
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** The connections of one channel, on its reach. */
export class Outbound {
  /** How names are resolved; a test puts its own here ("evil.example" is 127.0.0.1). */
  resolve: Resolve = systemResolve;

  /**
   * `loopbackSetting`: the variable that allows loopback on this channel
   * (PUSH_LOCAL_ENDPOINTS, LOOPBACK_GATEWAYS), named in a refusal of this machine.
   */
  constructor(
    readonly reach: Reach,
    private readonly loopbackSetting?: string,
  ) {}

  private refused(refusal: Refusal, resolvedName?: string): RefusedAddress {
    return new RefusedAddress(refusal, resolvedName, this.loopbackSetting);
  }

  /**
   * The addresses `host` may be connected at, each judged; rejects with RefusedAddress when the
   * host or any address it resolves to is refused (a name with one bad address is not trusted
   * with its others), or with the resolver's error.
   */
  async addressesOf(host: string): Promise<string[]> {
    const written = this.refusalOf(host);
    if (written) throw this.refused(written);
    const parsed = parseHost(host);
    if (parsed.type === 'ip') return [parsed.address];
    if (parsed.type === 'malformed') throw this.refused({ kind: 'malformed', host });
    const found = await this.resolve(parsed.name);
    if (found.length === 0)
      throw Object.assign(new Error(`${parsed.name} has no address`), { code: 'ENOTFOUND' });
    const addresses: string[] = [];
    for (const text of found) {
      const address = parseHost(text);
      if (address.type !== 'ip') throw this.refused({ kind: 'malformed', host: text }, parsed.name);
      const kind = kindOf(address.bytes);
      if (!reaches(kind, this.reach))
        throw this.refused(
          { kind: kind as Refusal['kind'], host: text, address: shownAddress(address) },
          parsed.name,
        );
      addresses.push(address.address);
    }
    return addresses;
  }

  /** The rule on a host as written, before anything is resolved (null: resolve it). */
  refusalOf(host: string): Refusal | null {
    return hostRefusal(host, this.reach);
  }

  /**
   * Node's `lookup` option (net, tls, http, https): resolves through `addressesOf`, so the
   * socket connects only to an address the rule allows.
   */
  readonly lookup = (
    hostname: string,
    options: dns.LookupOptions,
    callback: LookupCallback,
  ): void => {
    this.addressesOf(hostname).then(
      (all) => {
        const family =
          options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const fitting = all.filter((a) => !family || net.isIP(a) === family);
        const first = fitting[0];
        if (first === undefined) {
          const error = Object.assign(new Error(`${hostname} has no IPv${family} address`), {
            code: 'ENOTFOUND',
          });
          callback(error, '');
        } else if (options.all)
          callback(
            null,
            fitting.map((address) => ({ address, family: net.isIP(address) })),
          );
        else callback(null, first, net.isIP(first));
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };

  /** Agents for http: and https: requests on this reach (keep-alive, as Node's global ones). */
  httpAgent(options: http.AgentOptions = {}): http.Agent {
    return new GuardedHttpAgent(this, { keepAlive: true, ...options });
  }

  httpsAgent(options: https.AgentOptions = {}): https.Agent {
    return new GuardedHttpsAgent(this, { keepAlive: true, ...options });
  }

  /**
   * A TCP connection to `host`:`port` (the SMTP server's), made on the rule; rejects with
   * RefusedAddress before any socket is opened to a refused address, or after `timeoutMs`.
   */
  connect(host: string, port: number, timeoutMs: number): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      const refusal = this.refusalOf(host);
      if (refusal) return reject(this.refused(refusal));
      const parsed = parseHost(host);
      const socket = net.connect({
        host: parsed.type === 'ip' ? parsed.address : host,
        port,
        lookup: this.lookup,
      });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' }));
      }, timeoutMs);
      const failed = (error: Error) => {
        clearTimeout(timer);
        reject(error);
      };
      socket.once('error', failed);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.off('error', failed);
        resolve(socket);
      });
    });
  }

  /**
   * The check an agent makes before its socket: an address written as one is judged here
   * (Node does not look it up), a name gets the `lookup` that judges what it resolves to.
   */
  guarded<T extends { host?: string | null; hostname?: string | null }>(
    options: T,
  ): { options: T & { lookup: Outbound['lookup'] } } | { refused: RefusedAddress } {
    const host = options.host ?? options.hostname ?? 'localhost';
    if (net.isIP(host)) {
      const refusal = this.refusalOf(host);
      if (refusal) return { refused: this.refused(refusal) };
    }
    return { options: { ...options, lookup: this.lookup } };
  }
}

type ConnectionCallback = (error: Error | null, stream: Duplex) => void;

/** Hands a refusal to the request as its error (its socket is never made). */
function refuse(error: RefusedAddress, callback: ConnectionCallback | undefined) {
  process.nextTick(() => callback?.(error, undefined as unknown as Duplex));
  return undefined;
}

class GuardedHttpAgent extends http.Agent {
  constructor(
    private readonly outbound: Outbound,
    options: http.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: http.ClientRequestArgs, callback?: ConnectionCallback) {
    const checked = this.outbound.guarded(options);
    if ('refused' in checked) return refuse(checked.refused, callback);
    return super.createConnection(checked.options, callback);
  }
}

class GuardedHttpsAgent extends https.Agent {
  constructor(
    private readonly outbound: Outbound,
    options: https.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: https.RequestOptions, callback?: ConnectionCallback) {
    const checked = this.outbound.guarded(options);
    if ('refused' in checked) return refuse(checked.refused, callback);
    return super.createConnection(checked.options, callback);
  }
}
