// `npm start`: migrate, seed, serve the SPA and the API on PORT.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seed } from './db/seed.ts';
import { DEMO_MEMBER } from './db/seed-data.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    onIdleError: (err) => console.error(`database connection lost: ${err.message}`),
  });
  await seed(database.db, config);
  const { app } = await buildApp({ config, db: database.db });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const url = `http://${host}:${config.PORT}`;
  const db = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`\n  Krapao is ready: ${url}\n  Database: ${db}${config.LAOS ? '\n  Build: Laos' : ''}`);
  // The username only: a password never goes to a log (the README gives the demo one).
  if (config.SEED_DEMO) console.log(`  Demo member: ${DEMO_MEMBER.username} (password in the README)`);
  console.log(config.OPENAPI_PUBLIC ? `  API docs: ${url}/api/docs\n` : '');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
