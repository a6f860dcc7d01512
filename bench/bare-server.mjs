// The yardsticks for bench:poll: a bare Fastify route on the same machine that answers every
// path with a small JSON object, with no token check and no validation; with BARE_COUNT_DB set,
// it also runs one indexed count in that SQLite database per request (the least a poll can do).
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const db = process.env.BARE_COUNT_DB
  ? new Database(process.env.BARE_COUNT_DB, { readonly: true })
  : null;
const count = db?.prepare(
  'select count(*) as n from assignments where user_id = ? and is_read = 0',
);
app.all('/*', async (request) => ({
  success: true,
  unread_count: count ? count.get(Number(request.query.user_id ?? 0)).n : 0,
}));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(address);
