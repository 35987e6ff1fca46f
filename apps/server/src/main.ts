// `npm start`: migrate, seed, serve the SPA and the API on PORT. Every line it writes is a JSON
// log line (pino, as the app's own), errors with their stacks.
import pino from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_MEMBER } from './db/seed-data.ts';
import { seed } from './seed.ts';

// Before the configuration is read: a bad setting is reported in the same shape. Written
// synchronously, so a fatal line is out before the process exits.
const log = pino({ level: process.env.LOG_LEVEL || 'info' }, pino.destination({ dest: 1, sync: true }));

function fatal(err: unknown, msg: string): never {
  log.fatal({ err }, msg);
  process.exit(1);
}
process.on('uncaughtException', (err) => fatal(err, 'uncaught exception'));
process.on('unhandledRejection', (err) => fatal(err, 'unhandled promise rejection'));

async function main() {
  const config = loadConfig();
  log.level = config.LOG_LEVEL;
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    onIdleError: (err) => log.error({ err }, 'database connection lost'),
  });
  await seed(database.db, config);
  const { app } = await buildApp({ config, db: database.db });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const deadlineMs = config.SHUTDOWN_TIMEOUT_MS;
    log.info({ signal, deadlineMs }, 'stopping: no new connections, requests in flight finish, jobs hand back');
    // Past the deadline and a little more for closing the pools, the process goes anyway.
    setTimeout(
      () => fatal(new Error(`not stopped ${deadlineMs + 5_000} ms after ${signal}`), 'stop overran'),
      deadlineMs + 5_000,
    );
    const started = Date.now();
    const inTime = await app.stopGracefully(deadlineMs);
    await database.close();
    log[inTime ? 'info' : 'warn']({ ms: Date.now() - started, inTime }, 'stopped');
    process.exit(inTime ? 0 : 1);
  };
  process.once('SIGINT', () => void shutdown('SIGINT').catch((err) => fatal(err, 'stop failed')));
  process.once('SIGTERM', () => void shutdown('SIGTERM').catch((err) => fatal(err, 'stop failed')));

  await app.listen({ port: config.PORT, host: config.HOST });
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const url = `http://${host}:${config.PORT}`;
  log.info(
    {
      url,
      database: config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`,
      ...(config.LAOS ? { build: 'Laos' } : {}),
      // The username only: a password never goes to a log (the README gives the demo one).
      ...(config.SEED_DEMO ? { demoMember: `${DEMO_MEMBER.username} (password in the README)` } : {}),
      ...(config.OPENAPI_PUBLIC ? { apiDocs: `${url}/api/docs` } : {}),
    },
    `Krapao is ready: ${url}`,
  );
}

main().catch((err) => fatal(err, 'start-up failed'));
