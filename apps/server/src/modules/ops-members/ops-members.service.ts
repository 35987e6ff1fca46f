// A member as the console sees and manages them (decision 062): the search and the page's tabs,
// lock and unlock, password reset. Each change takes the member row lock (the ledger's lock order,
// step 1), is audited in its transaction, and ends the member's sessions and sockets after commit.
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import type {
  TMemberChat,
  TMemberConditions,
  TMemberDeposits,
  TMemberPage,
  TMemberPasswordReset,
  TMemberRow,
  TMemberSearchPage,
  TMemberSessions,
  TMemberStatement,
  TMemberWithdrawals,
} from '@krapao/contracts/ops/members';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { newToken } from '../../lib/tokens.ts';
import { createMemberRepository } from '../account/index.ts';
import { appendAudit } from '../audit/index.ts';
import { createSessionService } from '../auth/index.ts';
import { createLedger } from '../ledger/index.ts';
import type { StaffSession } from '../staff/index.ts';
import { createStatementHotPath } from '../statement/index.ts';
import { createWithdrawRepository } from '../withdraw/index.ts';
import { createOpsMemberQueries, type MemberRow } from './ops-members.queries.ts';
import { createOpsMemberRepository, MEMBER_ACTIVE, MEMBER_LOCKED } from './ops-members.repository.ts';
import { chatText, memberAuditView, memberRowView, statementRowView } from './ops-members.views.ts';

export type Call = { requestId: string; reason: string };

/** A temporary password: 12 characters of base64url, read out to the member once. */
const temporaryPassword = () => newToken(9);

export function createOpsMembersService(ctx: AppContext) {
  const { db } = ctx;
  const queries = createOpsMemberQueries(db);
  const repo = createOpsMemberRepository();
  const members = createMemberRepository(db);
  const ledger = createLedger(ctx);
  const statement = createStatementHotPath(db);
  const withdrawals = createWithdrawRepository(db);
  const sessions = createSessionService(ctx);

  async function member(memberId: number): Promise<MemberRow> {
    const row = await members.byId(memberId);
    if (!row) throw new AppError('NO_DATA');
    return row;
  }
  const money = (m: MemberRow) => (minor: bigint) => fromMinor(minor, m.currency as Currency);

  /** Runs `work` on the locked member and audits it as `action`; answers the member afterwards. */
  async function change(
    actor: StaffSession,
    memberId: number,
    action: string,
    call: Call,
    work: (tx: Tx, before: MemberRow, now: Date) => Promise<void>,
  ): Promise<MemberRow> {
    return db.transaction(async (tx) => {
      if (!(await ledger.lockMember(tx, memberId))) throw new AppError('NO_DATA');
      const before = (await repo.byId(tx, memberId))!;
      const now = ctx.now();
      await work(tx, before, now);
      const after = (await repo.byId(tx, memberId))!;
      await appendAudit(tx, {
        actor: 'staff',
        staffId: actor.staffId,
        action,
        objectType: 'member',
        objectId: memberId,
        memberId,
        reason: call.reason,
        before: memberAuditView(before),
        after: memberAuditView(after),
        requestId: call.requestId,
        at: now,
      });
      return after;
    });
  }

  return {
    async search(q: string, page: number, limit: number): Promise<TMemberSearchPage> {
      const rows = await queries.search(q, page, limit);
      return { items: rows.slice(0, limit).map(memberRowView), hasMore: rows.length > limit };
    },

    async page(memberId: number): Promise<TMemberPage> {
      const m = await member(memberId);
      const [bank, accounts] = await Promise.all([members.bankAccountOf(memberId), ledger.memberAccounts(memberId)]);
      const amount = money(m);
      const wallet = accounts.find((a) => a.code === 'WALLET');
      return {
        profile: { ...memberRowView(m), phoneVerifiedAt: m.phoneVerifiedAt?.toISOString() ?? null, coin: m.coin },
        bankAccount: bank && {
          bankCode: bank.bankCode,
          bankName: bank.nameTH,
          accountName: bank.accountName,
          accountNo: bank.accountNo,
        },
        wallet: amount(wallet?.balance ?? 0n),
        balances: accounts
          .filter((a) => a.code !== 'WALLET')
          .map((a) => ({ code: a.code, amount: amount(a.balance) }))
          .sort((a, b) => a.code.localeCompare(b.code)),
      };
    },

    async statement(memberId: number, limit: number): Promise<TMemberStatement> {
      await member(memberId);
      const { total, rows } = await statement.page(memberId, 1, limit);
      return { total, items: rows.map(statementRowView) };
    },

    async deposits(memberId: number, limit: number): Promise<TMemberDeposits> {
      const amount = money(await member(memberId));
      const rows = await queries.deposits(memberId, limit);
      return {
        items: rows.map((t) => ({
          id: t.id,
          from: t.fromCode,
          amount: amount(t.amount),
          status: t.status,
          createdAt: t.createdAt.toISOString(),
        })),
      };
    },

    async withdrawals(memberId: number, limit: number): Promise<TMemberWithdrawals> {
      const amount = money(await member(memberId));
      const rows = await withdrawals.list({ memberId }, limit);
      return {
        items: rows.map((w) => ({
          id: w.id,
          amount: amount(w.amount),
          bankCode: w.bankCode,
          bankAccountNo: w.bankAccountNo,
          status: w.status,
          note: w.note,
          createdAt: w.createdAt.toISOString(),
        })),
      };
    },

    async conditions(memberId: number, limit: number): Promise<TMemberConditions> {
      const amount = money(await member(memberId));
      const rows = await queries.conditions(memberId, limit);
      return {
        items: rows.map((c) => ({
          id: c.id,
          kind: c.kind,
          sourceCode: c.sourceCode,
          status: c.status,
          bonusAmount: amount(c.bonusAmount),
          target: amount(c.target),
          failBelow: amount(c.failBelow),
          createdAt: c.createdAt.toISOString(),
          endedAt: c.endedAt?.toISOString() ?? null,
        })),
      };
    },

    async sessions(memberId: number, limit: number): Promise<TMemberSessions> {
      await member(memberId);
      const rows = await queries.liveSessions(memberId, ctx.now(), limit);
      return {
        items: rows.map((s) => ({
          id: s.id,
          ip: s.ip,
          createdAt: s.createdAt.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
        })),
      };
    },

    async chat(memberId: number, limit: number): Promise<TMemberChat> {
      await member(memberId);
      const rows = await queries.chat(memberId, limit);
      return {
        items: rows.reverse().map((r) => ({
          id: r.id,
          sender: r.sender,
          messageType: r.messageType,
          text: chatText(r.payload),
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },

    /** LOCKED, the credential version raised (every session dead for good), then sessions and sockets closed. */
    async lock(actor: StaffSession, memberId: number, call: Call): Promise<TMemberRow> {
      const row = await change(actor, memberId, 'member.lock', call, async (tx, before, now) => {
        if (before.status !== MEMBER_LOCKED) await repo.setStatus(tx, memberId, MEMBER_LOCKED, now);
      });
      await sessions.closeAll(memberId);
      return memberRowView(row);
    },

    /** ACTIVE again; the sessions the lock ended stay ended. */
    async unlock(actor: StaffSession, memberId: number, call: Call): Promise<TMemberRow> {
      const row = await change(actor, memberId, 'member.unlock', call, async (tx, before, now) => {
        if (before.status !== MEMBER_ACTIVE) await repo.setStatus(tx, memberId, MEMBER_ACTIVE, now);
      });
      return memberRowView(row);
    },

    /** A random temporary password, answered once and never stored in clear; every session ends. */
    async resetPassword(actor: StaffSession, memberId: number, call: Call): Promise<TMemberPasswordReset> {
      await member(memberId);
      const password = temporaryPassword();
      const passwordHash = await hashPassword(password);
      await change(actor, memberId, 'member.password-reset', call, (tx, _before, now) =>
        repo.setPassword(tx, memberId, passwordHash, now),
      );
      await sessions.closeAll(memberId);
      return { temporaryPassword: password };
    },
  };
}
export type OpsMembersService = ReturnType<typeof createOpsMembersService>;
