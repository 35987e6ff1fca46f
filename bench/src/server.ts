// The product as it runs in production: the real app on PostgreSQL, one process, listening on
// loopback. Started by the bench runner; prints READY when it accepts connections.
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { serverEnv } from './seed.ts';
import { benchSettings } from './settings.ts';

const s = benchSettings();
const config = loadConfig(serverEnv(s));
const database = await openDatabase({
  databaseUrl: s.databaseUrl,
  poolSize: s.poolSize,
  onIdleError: (err) => console.error(`database connection lost: ${err.message}`),
});
const { app } = await buildApp({ config, db: database.db });
await app.listen({ port: config.PORT, host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
console.log('READY');
