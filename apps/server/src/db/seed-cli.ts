// `npm run seed`: migrates and seeds the configured database (DATABASE_URL, or the embedded one
// under DATA_DIR — stop the server first, PGlite allows one process at a time). The seed is
// idempotent, and the server runs it at every start anyway; this is for a database prepared ahead.
import { loadConfig } from '../config.ts';
import { seed } from '../seed.ts';
import { openDatabase } from './client.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
try {
  await seed(database.db, config);
  console.log(`seeded ${config.DATABASE_URL ? 'the PostgreSQL database (DATABASE_URL)' : config.dataDir}`);
} finally {
  await database.close();
}
