// Opening a console session and issuing an enrolment link: both hand a fresh random token to the
// person and keep only its hash.
import { OPS_ENROL_PAGE } from '@krapao/contracts/ops/paths';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { createEnrolmentRepository } from './enrolment.repository.ts';
import type { OpenedSession } from './ops-cookies.ts';
import type { StaffRow } from './staff.repository.ts';
import { createStaffSessionRepository } from './staff-session.repository.ts';

/** Where people reach the site: PUBLIC_ORIGIN, else this machine's port. */
export function publicOrigin(config: Config): string {
  return (config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

export function enrolUrl(config: Config, token: string): string {
  return `${publicOrigin(config)}${OPS_ENROL_PAGE}/${token}`;
}

export async function openStaffSession(
  db: Db,
  tx: Db | Tx,
  config: Config,
  row: StaffRow,
  p: { ip: string | null; now: Date },
): Promise<OpenedSession> {
  const token = newToken();
  const csrf = newToken();
  const expiresAt = new Date(p.now.getTime() + config.OPS_SESSION_HOURS * 3_600_000);
  await createStaffSessionRepository(db).insert(tx, {
    staffId: row.id,
    tokenHash: sha256(token),
    csrfHash: sha256(csrf),
    credentialVersion: row.credentialVersion,
    ip: p.ip,
    createdAt: p.now,
    expiresAt,
  });
  return { token, csrf, expiresAt };
}

/** A new one-time link for the staff member (older unused ones stop working); answers its URL. */
export async function issueEnrolment(tx: Db | Tx, config: Config, staffId: number, now: Date): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + config.OPS_ENROL_HOURS * 3_600_000);
  await createEnrolmentRepository().replace(tx, { staffId, tokenHash: sha256(token), createdAt: now, expiresAt });
  return enrolUrl(config, token);
}
