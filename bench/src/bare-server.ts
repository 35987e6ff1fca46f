// Baseline: a bare Fastify route on the same machine, same Fastify, no plugins, no logging.
import Fastify from 'fastify';
import { benchSettings } from './settings.ts';

const s = benchSettings();
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: s.barePort, host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.once('SIGINT', () => void app.close().then(() => process.exit(0)));
console.log('READY');
