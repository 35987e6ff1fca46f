// Managing staff accounts (decision 061). Only a role with `staff.manage-admins` creates, changes
// or acts on an owner or an admin; nobody disables, demotes or re-enrols themselves; the last
// active owner is never demoted or disabled. Changes run one at a time (an advisory lock) and read
// the actor afresh, so two owners disabling each other at once cannot leave none. Each change is
// audited in its transaction.

import { roleMay, type StaffRole } from '@krapao/contracts/ops/roles';
import type { TStaff, TStaffCreateRequest, TStaffEnrolLink } from '@krapao/contracts/ops/staff';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { appendAudit } from '../audit/index.ts';
import { createStaffRepository, type StaffRow, staffView } from './staff.repository.ts';
import { createStaffSessionRepository, type StaffSession } from './staff-session.repository.ts';
import { issueEnrolment } from './staff-session.ts';
import { createTotp } from './totp.ts';

/** Serialises staff changes (STARTUP_LOCK and AUDIT_LOCK's neighbour). */
const STAFF_LOCK = 7_413_021;
const ADMIN_TIER: readonly string[] = ['owner', 'admin'] satisfies StaffRole[];

type Call = { requestId: string; reason?: string };

export function createStaffService(ctx: AppContext) {
  const { db, config } = ctx;
  const staff = createStaffRepository();
  const sessions = createStaffSessionRepository(db);
  const totp = createTotp(config.APP_SECRET);

  function mayTouch(actor: StaffSession, ...roles: string[]) {
    if (roles.some((r) => ADMIN_TIER.includes(r)) && !roleMay(actor.role, 'staff.manage-admins')) {
      throw new AppError('OPS_FORBIDDEN');
    }
  }

  /**
   * Runs `work` on the target under the staff lock and audits it as `action`; `work` answers the
   * changed row, or null when there is nothing to change (then nothing is audited). Answers the row.
   */
  async function change(
    actor: StaffSession,
    staffId: number,
    action: string,
    call: Call,
    work: (tx: Tx, target: StaffRow, now: Date) => Promise<StaffRow | null>,
  ): Promise<StaffRow> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${STAFF_LOCK})`);
      actor = await stillActive(tx, actor);
      const target = await staff.lockById(tx, staffId);
      if (!target) throw new AppError('NO_DATA');
      mayTouch(actor, target.role);
      const now = ctx.now();
      const row = await work(tx, target, now);
      if (!row) return target;
      await appendAudit(tx, {
        actor: 'staff',
        staffId: actor.staffId,
        action,
        objectType: 'staff',
        objectId: target.id,
        reason: call.reason ?? null,
        before: staffView(target),
        after: staffView(row),
        requestId: call.requestId,
        at: now,
      });
      return row;
    });
  }

  /** The actor as the database has it now: a change made meanwhile (disabled, demoted) counts. */
  async function stillActive(tx: Tx, actor: StaffSession): Promise<StaffSession> {
    const row = await staff.byId(tx, actor.staffId);
    if (row?.status !== 'active') throw new AppError('OPS_SIGNED_OUT');
    return { ...actor, role: row.role as StaffRole };
  }

  async function isLastActiveOwner(tx: Tx, target: StaffRow) {
    return target.role === 'owner' && target.status === 'active' && (await staff.activeOwners(tx)) <= 1;
  }

  function refuseSelf(actor: StaffSession, target: StaffRow) {
    if (actor.staffId === target.id) throw new AppError('OPS_FORBIDDEN');
  }

  return {
    async list(): Promise<TStaff[]> {
      return (await staff.list(db)).map(staffView);
    },

    async create(actor: StaffSession, body: TStaffCreateRequest, call: Call): Promise<TStaffEnrolLink> {
      mayTouch(actor, body.role);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${STAFF_LOCK})`);
        mayTouch(await stillActive(tx, actor), body.role);
        return createEnrolling(tx, ctx, { ...body, actor: { kind: 'staff', staffId: actor.staffId }, ...call });
      });
    },

    setRole(actor: StaffSession, staffId: number, role: StaffRole, call: Call): Promise<TStaff> {
      return change(actor, staffId, 'staff.role', call, async (tx, target) => {
        refuseSelf(actor, target);
        mayTouch(actor, role);
        if (target.role === role) return null;
        if (await isLastActiveOwner(tx, target)) throw new AppError('OPS_FORBIDDEN');
        return staff.update(tx, target.id, { role });
      }).then(staffView);
    },

    disable(actor: StaffSession, staffId: number, call: Call): Promise<TStaff> {
      return change(actor, staffId, 'staff.disable', call, async (tx, target, now) => {
        refuseSelf(actor, target);
        if (target.status === 'disabled') return null;
        if (await isLastActiveOwner(tx, target)) throw new AppError('OPS_FORBIDDEN');
        await sessions.revokeAll(tx, target.id, now);
        return staff.bumpCredentials(tx, target.id, { status: 'disabled' });
      }).then(staffView);
    },

    enable(actor: StaffSession, staffId: number, call: Call): Promise<TStaff> {
      return change(actor, staffId, 'staff.enable', call, async (tx, target) => {
        if (target.status !== 'disabled') return null;
        return staff.update(tx, target.id, { status: target.passwordHash ? 'active' : 'enrolling' });
      }).then(staffView);
    },

    /** A new link; the old password and TOTP secret stop working and every session ends. */
    async reEnrol(actor: StaffSession, staffId: number, call: Call): Promise<TStaffEnrolLink> {
      let enrolUrl = '';
      const row = await change(actor, staffId, 'staff.re-enrol', call, async (tx, target, now) => {
        refuseSelf(actor, target);
        const row = await staff.bumpCredentials(tx, target.id, {
          passwordHash: null,
          totpSecret: totp.newSecret(target.username).sealed,
          totpLastStep: null,
          // A disabled member stays disabled: the link works once someone enables them.
          status: target.status === 'disabled' ? 'disabled' : 'enrolling',
        });
        await sessions.revokeAll(tx, target.id, now);
        enrolUrl = await issueEnrolment(tx, config, target.id, now);
        return row;
      });
      return { staff: staffView(row), enrolUrl };
    },
  };
}

/**
 * A staff member waiting to enrol, with a new TOTP secret and a one-time link; audited as
 * `staff.create` by `actor`. OPS_STAFF_EXISTS when the username is taken.
 */
export async function createEnrolling(
  tx: Tx,
  ctx: Pick<AppContext, 'config' | 'now'>,
  p: TStaffCreateRequest & {
    actor: { kind: 'staff'; staffId: number } | { kind: 'system' };
    requestId?: string | null;
  },
): Promise<TStaffEnrolLink> {
  const now = ctx.now();
  const staff = createStaffRepository();
  const created = await staff.insert(tx, {
    username: p.username,
    displayName: p.displayName,
    role: p.role,
    status: 'enrolling',
    createdAt: now,
  });
  if (!created) throw new AppError('OPS_STAFF_EXISTS');
  const sealed = createTotp(ctx.config.APP_SECRET).newSecret(created.username).sealed;
  const row = await staff.update(tx, created.id, { totpSecret: sealed });
  const enrolUrl = await issueEnrolment(tx, ctx.config, row.id, now);
  await appendAudit(tx, {
    actor: p.actor.kind,
    staffId: p.actor.kind === 'staff' ? p.actor.staffId : null,
    action: 'staff.create',
    objectType: 'staff',
    objectId: row.id,
    after: staffView(row),
    requestId: p.requestId ?? null,
    at: now,
  });
  return { staff: staffView(row), enrolUrl };
}
