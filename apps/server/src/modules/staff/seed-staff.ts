// The development owner: a fixed password and TOTP secret, both written in the README, so a
// developer signs in to the console with any authenticator app. Never outside development and
// test: the seed only calls this when the demo data is seeded, which production refuses.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../lib/password.ts';
import { appendAudit } from '../audit/index.ts';
import { createStaffRepository, staffView } from './staff.repository.ts';
import { createTotp } from './totp.ts';

export const DEV_OWNER = {
  username: 'owner',
  displayName: 'Development Owner',
  password: 'krapao-owner-dev',
  /** Base32, 20 bytes: type it into an authenticator app. */
  totpSecret: 'KRAPAODEVOWNERTOTPSECRETKRAPAO23',
} as const;

export async function seedDevOwner(db: Db, config: Config) {
  if (config.isProduction) return;
  const staff = createStaffRepository();
  if (await staff.byUsername(db, DEV_OWNER.username)) return;
  const created = await staff.insert(db, {
    username: DEV_OWNER.username,
    displayName: DEV_OWNER.displayName,
    role: 'owner',
    status: 'active',
    createdAt: new Date(),
  });
  if (!created) return;
  const row = await staff.update(db, created.id, {
    passwordHash: await hashPassword(DEV_OWNER.password),
    totpSecret: createTotp(config.APP_SECRET).seal(DEV_OWNER.username, DEV_OWNER.totpSecret),
  });
  await appendAudit(db, {
    actor: 'system',
    action: 'staff.create',
    objectType: 'staff',
    objectId: row.id,
    reason: 'development seed',
    after: staffView(row),
  });
}
