// Baseline: a bare Fastify route on the same machine, same Fastify, no plugins, no logging.
// With BENCH_ANSWER_FILE it also answers GET /answer with that file's JSON, as it is (a product
// route's own answer, so the baseline pays the same bytes on the wire), on BENCH_ANSWER_PORT.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { benchSettings } from './settings.ts';

const s = benchSettings();
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const answerFile = process.env.BENCH_ANSWER_FILE;
if (answerFile) {
  const answer = readFileSync(answerFile, 'utf8');
  app.get('/answer', async (_req, reply) => reply.type('application/json; charset=utf-8').send(answer));
}
await app.listen({ port: answerFile ? s.answerPort : s.barePort, host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.once('SIGINT', () => void app.close().then(() => process.exit(0)));
console.log('READY');
