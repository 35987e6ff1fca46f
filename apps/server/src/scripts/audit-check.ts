// `npm run audit:check`: walks the audit trail's hash chain on the configured database
// (DATABASE_URL, or the embedded one under DATA_DIR — stop the server first, PGlite allows one
// process at a time), under AUDIT_CHAIN_KEY. Exit 0 with the count when whole; 1 naming the first
// broken seq, or saying the chain is sealed under another key.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { verifyAuditChain } from '../modules/audit/index.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
try {
  const report = await verifyAuditChain(database.db, config.AUDIT_CHAIN_KEY);
  if (report.broken?.problem === 'key') {
    console.log(`audit chain KEY MISMATCH at seq ${report.broken.seq}: ${report.broken.detail}`);
    process.exitCode = 1;
  } else if (report.broken) {
    const { seq, problem, detail } = report.broken;
    console.log(
      `audit chain BROKEN at seq ${seq} (${problem}: ${detail}); ${report.count} entries before it are whole`,
    );
    process.exitCode = 1;
  } else {
    console.log(`audit chain ok: ${report.count} entries`);
    process.exitCode = 0;
  }
} finally {
  await database.close();
}
