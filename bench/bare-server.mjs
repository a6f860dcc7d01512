// The yardstick for bench:poll: a bare Fastify route on the same machine, answering a small
// JSON object with no token check, no database and no validation.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true, unread_count: 0 }));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(address);
