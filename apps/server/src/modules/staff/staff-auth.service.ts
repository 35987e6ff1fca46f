// Staff sign-in (decision 061): username, password (argon2id) and a TOTP code, all or nothing —
// any wrong part answers OPS_LOGIN_FAIL. Attempts are counted before anything is checked, with the
// members' rules (modules/auth/source-lockout.ts) under the `staff` namespace: per account and
// source, and per account from sources it was not signed in from lately (LOGIN_ACCOUNT_MAX_ATTEMPTS
// a day, against guessers with many sources). A locked-out source, and any attempt past the
// account's ceiling, answers OPS_LOCKED; each lock is audited. Enrolment through the one-time link
// sets the password and proves the authenticator with its first code.
import type { TOpsEnrolInfo, TOpsEnrolRequest, TOpsLoginRequest, TStaffMe } from '@krapao/contracts/ops/auth';
import { ROLE_PERMISSIONS, type StaffRole } from '@krapao/contracts/ops/roles';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { sourceOf } from '../../lib/client-source.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import { sha256 } from '../../lib/tokens.ts';
import { appendAudit } from '../audit/index.ts';
import { createSourceLockout, LOCKOUT } from '../auth/index.ts';
import { createEnrolmentRepository } from './enrolment.repository.ts';
import type { OpenedSession } from './ops-cookies.ts';
import { createStaffRepository, type StaffRow, staffView } from './staff.repository.ts';
import { createStaffSessionRepository, type StaffSession } from './staff-session.repository.ts';
import { openStaffSession } from './staff-session.ts';
import { createTotp } from './totp.ts';

type Call = { ip: string; requestId: string };

export function me(row: Pick<StaffRow, 'id' | 'username' | 'displayName' | 'role'>): TStaffMe {
  const role = row.role as StaffRole;
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
  };
}

export function createStaffAuthService(ctx: AppContext) {
  const { db, config } = ctx;
  const staff = createStaffRepository();
  const sessions = createStaffSessionRepository(db);
  const enrolments = createEnrolmentRepository();
  const totp = createTotp(config.APP_SECRET);
  const lockout = createSourceLockout(db, ctx.now, {
    namespace: 'staff',
    sourceMax: config.LOGIN_MAX_ATTEMPTS,
    limiter: ctx.limiter,
  });

  /** A source, or every source the account does not know, locked out of the account: written down. */
  function auditLock(staffId: number, after: Record<string, unknown>, call: Call, at: Date) {
    return db.transaction((tx) =>
      appendAudit(tx, {
        actor: 'system',
        staffId,
        action: 'staff.sign-in-locked',
        objectType: 'staff',
        objectId: staffId,
        after,
        requestId: call.requestId,
        at,
      }),
    );
  }

  /** The enrolment behind a link token, or OPS_ENROL_INVALID. */
  async function enrolment(token: string) {
    const found = token.length <= 200 ? await enrolments.open(db, sha256(token), ctx.now()) : null;
    if (!found?.staff.totpSecret) throw new AppError('OPS_ENROL_INVALID');
    return { ...found, secret: totp.open(found.staff.username, found.staff.totpSecret) };
  }

  return {
    async login(body: TOpsLoginRequest, call: Call): Promise<{ opened: OpenedSession; me: TStaffMe }> {
      const tries = await lockout.attempt(body.username, sourceOf(call.ip));
      if (tries === null) throw new AppError('OPS_LOCKED');
      const knownSince = new Date(ctx.now().getTime() - LOCKOUT.knownForMs);
      const isKnown = await sessions.hasSignedInFrom(body.username, call.ip, knownSince);
      const accountTries = isKnown ? 0 : await lockout.accountAttempt(body.username);
      const row = await staff.byUsername(db, body.username);
      const accountMax = config.LOGIN_ACCOUNT_MAX_ATTEMPTS;
      if (accountTries > accountMax) {
        // The first attempt past the ceiling writes the lock down; the ones after it are only counted.
        if (row && accountTries === accountMax + 1) {
          await auditLock(row.id, { scope: 'account', source: call.ip, attempts: accountMax }, call, ctx.now());
        }
        throw new AppError('OPS_LOCKED');
      }
      // An unknown username costs the same argon2 verify as a known one.
      const isRight = await verifyPassword(row?.passwordHash ?? (await dummyHash()), body.password);
      const now = ctx.now();
      const step =
        row && isRight && row.status === 'active' && row.totpSecret
          ? await totp.match(totp.open(row.username, row.totpSecret), body.code, now, row.totpLastStep)
          : null;
      if (!row || step === null || !(await staff.claimStep(db, row.id, step))) {
        if (row && tries >= config.LOGIN_MAX_ATTEMPTS) {
          await auditLock(row.id, { source: call.ip, failures: tries }, call, now);
        }
        throw new AppError('OPS_LOGIN_FAIL');
      }
      await lockout.clear(body.username, sourceOf(call.ip));
      const opened = await db.transaction(async (tx) => {
        await staff.update(tx, row.id, { lastSignInAt: now });
        await appendAudit(tx, {
          actor: 'staff',
          staffId: row.id,
          action: 'staff.sign-in',
          objectType: 'staff',
          objectId: row.id,
          after: { source: call.ip },
          requestId: call.requestId,
          at: now,
        });
        return openStaffSession(db, tx, config, row, { ip: call.ip, now });
      });
      return { opened, me: me(row) };
    },

    async enrolInfo(token: string): Promise<TOpsEnrolInfo> {
      const { staff: row, secret } = await enrolment(token);
      return {
        username: row.username,
        displayName: row.displayName,
        secret,
        otpauthUri: totp.uri(row.username, secret),
      };
    },

    async enrol(token: string, body: TOpsEnrolRequest, call: Call): Promise<{ opened: OpenedSession; me: TStaffMe }> {
      const found = await enrolment(token);
      const now = ctx.now();
      const step = await totp.match(found.secret, body.code, now, null);
      if (step === null) throw new AppError('OPS_TOTP_INVALID');
      const passwordHash = await hashPassword(body.password);
      const opened = await db.transaction(async (tx) => {
        // Disabled or re-enrolled since the link was read: the link is no longer the one.
        const current = await staff.lockById(tx, found.staff.id);
        const isSame = current?.status === 'enrolling' && current.credentialVersion === found.staff.credentialVersion;
        if (!isSame || !(await enrolments.use(tx, found.enrolmentId, now))) throw new AppError('OPS_ENROL_INVALID');
        const row = await staff.update(tx, found.staff.id, {
          passwordHash,
          status: 'active',
          totpLastStep: step,
          lastSignInAt: now,
        });
        await appendAudit(tx, {
          actor: 'staff',
          staffId: row.id,
          action: 'staff.enrol',
          objectType: 'staff',
          objectId: row.id,
          before: staffView(found.staff),
          after: staffView(row),
          requestId: call.requestId,
          at: now,
        });
        return openStaffSession(db, tx, config, row, { ip: call.ip, now });
      });
      return { opened, me: me(found.staff) };
    },

    async logout(session: StaffSession, call: Call) {
      const now = ctx.now();
      await db.transaction(async (tx) => {
        // Two logouts of one session at once: only the one that ended it is written down.
        if (!(await sessions.revoke(tx, session.sessionId, now))) return;
        await appendAudit(tx, {
          actor: 'staff',
          staffId: session.staffId,
          action: 'staff.logout',
          objectType: 'staff',
          objectId: session.staffId,
          after: { sessionId: session.sessionId },
          requestId: call.requestId,
          at: now,
        });
      });
    },

    async logoutAll(session: StaffSession, call: Call) {
      const now = ctx.now();
      await db.transaction(async (tx) => {
        const ended = await sessions.revokeAll(tx, session.staffId, now);
        await appendAudit(tx, {
          actor: 'staff',
          staffId: session.staffId,
          action: 'staff.logout-all',
          objectType: 'staff',
          objectId: session.staffId,
          after: { sessionsEnded: ended },
          requestId: call.requestId,
          at: now,
        });
      });
    },
  };
}
