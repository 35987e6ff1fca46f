// `npm run ops:create-owner -- --username <u> --display "<name>"`: the first owner of the operator
// console, on the configured database (DATABASE_URL, or the embedded one under DATA_DIR — stop the
// server first). Migrates when needed, creates the owner waiting to enrol (audited as the system)
// and prints the one-time enrolment link. Refuses a username already taken.
import { parseArgs } from 'node:util';
import { ZStaffUsername } from '@krapao/contracts/ops/auth';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { useAuditChainKey } from '../modules/audit/index.ts';
import { createEnrolling } from '../modules/staff/index.ts';

const { values } = parseArgs({ options: { username: { type: 'string' }, display: { type: 'string' } } });
const username = ZStaffUsername.safeParse(values.username ?? '');
const displayName = values.display?.trim() ?? '';
if (!username.success || !displayName || displayName.length > 64) {
  console.error('usage: npm run ops:create-owner -- --username <3-32 of a-z 0-9 . _ -> --display "<name>"');
  process.exit(2);
}

const config = loadConfig();
useAuditChainKey(config.AUDIT_CHAIN_KEY);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
try {
  const link = await database.db.transaction((tx) =>
    createEnrolling(
      tx,
      { config, now: () => new Date() },
      {
        username: username.data,
        displayName,
        role: 'owner',
        actor: { kind: 'system' },
      },
    ),
  );
  console.log(`owner ${link.staff.username} created; valid ${config.OPS_ENROL_HOURS} h, once:\n${link.enrolUrl}`);
} catch (err) {
  if (!(err instanceof AppError && err.code === 'OPS_STAFF_EXISTS')) throw err;
  console.error(`a staff member named ${username.data} already exists`);
  process.exitCode = 1;
} finally {
  await database.close();
}
