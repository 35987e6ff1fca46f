// `npm run ledger:check`: the ledger invariants on the configured database (DATABASE_URL, or the
// embedded one under DATA_DIR — stop the server first, PGlite allows one process at a time).
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { checkLedger, LEDGER_CHECK_NAMES } from '../modules/ledger/index.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
try {
  const problems = await checkLedger(database.db);
  const failed = new Set(problems.map((p) => p.check));
  for (const name of LEDGER_CHECK_NAMES) console.log(`${failed.has(name) ? 'FAIL' : 'ok  '} ${name}`);
  for (const p of problems) console.log(`\n${p.check}:\n${JSON.stringify(p.rows, null, 2)}`);
  console.log(`\n${LEDGER_CHECK_NAMES.length - failed.size} passed, ${failed.size} failed`);
  process.exitCode = problems.length > 0 ? 1 : 0;
} finally {
  await database.close();
}
