// Baseline: Fastify 5 with one route that makes one indexed PostgreSQL read (a member by primary key,
// a prepared statement) through pg with the product's pool size; no plugins, no logging. What any
// route that asks the database once per request could reach on this machine (decision 030).
import Fastify from 'fastify';
import pg from 'pg';
import { benchSettings } from './settings.ts';

const s = benchSettings();
const pool = new pg.Pool({ connectionString: s.databaseUrl, max: s.poolSize, idleTimeoutMillis: 300_000 });
const app = Fastify({ logger: false });
const READ = {
  name: 'bench_indexed_read',
  text: 'select id, name, username, coin, currency from members where id = $1',
};
app.get<{ Params: { id: string } }>('/member/:id', async (req, reply) => {
  const { rows } = await pool.query({ ...READ, values: [req.params.id] });
  if (!rows[0]) return reply.code(404).send({ message: 'not found' });
  return rows[0];
});
await app.listen({ port: s.barePort, host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
console.log('READY');
