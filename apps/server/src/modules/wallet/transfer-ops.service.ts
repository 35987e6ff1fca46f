// The console's stuck-transfers queue: transfers PENDING or UNKNOWN longer than
// OPS_TRANSFER_STUCK_MINUTES, what the provider says of one, and staff settling one — now from the
// provider's answer (the reconciler's `resolve`), or by hand as staff assert. Both take the transfer
// with the reconciler's lease first, so the background job and staff never work on it at once, and
// settle through the transfer settlement with the audit entry in its transaction. By hand, a definite
// answer of the provider that contradicts the assertion refuses it; without an answer staff's word
// stands (they checked the provider's back office) only where the money stays on the provider's
// side, and a transfer the provider has not seen is voided there first, as the reconciler does.
// Either way the member's sockets hear the outcome after the commit (lib/member-live.ts).
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import type {
  ProviderAnswer,
  TOpsTransfer,
  TOpsTransferDecided,
  TOpsTransferProviderAnswer,
  TransferOutcome,
  TransferStatus,
} from '@krapao/contracts/ops/transfers';
import { ProviderRejected, ProviderUnavailable } from '../../adapters/games/game-provider.port.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { publishMemberLive } from '../../lib/member-live.ts';
import { recordCallFailure } from '../../lib/party-failures.ts';
import { appendAudit, type StaffAct } from '../audit/index.ts';
import { createGameCatalog } from '../games/index.ts';
import { createLedger } from '../ledger/index.ts';
import { publishOpsQueue } from '../ops-live/index.ts';
import { createTransferOpsRepository, type StuckTransfer, UNSETTLED } from './transfer-ops.repository.ts';
import {
  type AlsoInTx,
  createSettlement,
  type TransferRow,
  transferIdOf,
  transferMeta,
} from './transfer-settlement.ts';

type Seen = { answer: ProviderAnswer; detail: string | null };

/** A definite answer that says the opposite of what staff assert. */
function contradicts(answer: ProviderAnswer, outcome: TransferOutcome): boolean {
  if (answer === 'APPLIED') return outcome === 'FAILED';
  if (answer === 'CANCELLED' || answer === 'NOT_FOUND') return outcome === 'SUCCESS';
  return false;
}

/** Whether settling as `outcome` puts the money in the member's wallet (a refund, or a move out of the game). */
const paysWallet = (t: TransferRow, outcome: TransferOutcome) =>
  (transferMeta(t).direction === 'TO_GAME') !== (outcome === 'SUCCESS');

function view(s: StuckTransfer, now: Date): TOpsTransfer {
  const { t } = s;
  const meta = t.metadata as {
    direction: TOpsTransfer['direction'];
    gameCode: string;
    attempts?: number;
    lastError?: string;
  };
  return {
    id: t.id,
    providerTransferId: transferIdOf(t),
    memberId: t.memberId!,
    member: { username: s.username, name: s.name },
    direction: meta.direction,
    gameCode: meta.gameCode,
    gameName: s.gameName,
    provider: s.provider,
    amount: fromMinor(t.amount, t.currency as Currency),
    currency: t.currency as Currency,
    status: t.status as TOpsTransfer['status'],
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    attempts: meta.attempts ?? 0,
    lastError: meta.lastError ?? null,
    isBusy: t.leaseUntil !== null && t.leaseUntil > now,
  };
}

export function createTransferOpsService(ctx: AppContext) {
  const repo = createTransferOpsRepository(ctx.db);
  const catalog = createGameCatalog(ctx);
  const settlement = createSettlement(ctx, createLedger(ctx));

  async function find(id: number): Promise<TransferRow> {
    const t = await repo.byId(id);
    if (!t) throw new AppError('NO_DATA');
    return t;
  }

  /** Takes the transfer with the reconciler's lease, or says why not. */
  async function claim(id: number): Promise<TransferRow> {
    const now = ctx.now();
    const pendingBefore = new Date(now.getTime() - ctx.config.RECONCILE_PENDING_AFTER_MS);
    const held = await repo.claimOne(id, now, pendingBefore, ctx.config.RECONCILE_LEASE_MS);
    if (held) return held;
    const t = await find(id);
    if (!UNSETTLED.includes(t.status)) throw new AppError('OPS_ALREADY_DECIDED', { status: t.status });
    // Leased by the reconciler (or another staff member), or PENDING with its saga maybe still running.
    throw new AppError('KEY_INVALID', { reason: 'transfer-in-progress' });
  }

  /** The provider's books on the transfer id: a read, nothing changes. */
  async function ask(t: TransferRow): Promise<Seen> {
    const { gameCode } = transferMeta(t);
    try {
      const answer = await catalog.provider(gameCode).transferStatus({ gameCode, transferId: transferIdOf(t) });
      return { answer, detail: null };
    } catch (err) {
      return noAnswer(err, gameCode);
    }
  }

  function noAnswer(err: unknown, gameCode: string): Seen {
    if (!(err instanceof ProviderUnavailable || err instanceof ProviderRejected)) throw err;
    void recordCallFailure(ctx, 'game_provider', err, gameCode);
    return { answer: 'NO_ANSWER', detail: err.message };
  }

  /** A transfer the provider has not seen is voided there before the money goes back. */
  async function voided(t: TransferRow): Promise<Seen> {
    const { gameCode } = transferMeta(t);
    try {
      return {
        answer: await catalog.provider(gameCode).cancelTransfer({ gameCode, transferId: transferIdOf(t) }),
        detail: null,
      };
    } catch (err) {
      return noAnswer(err, gameCode);
    }
  }

  /** The audit entry of a staff settlement; `done` tells whether it was written (the transfer moved). */
  function audited(action: string, t: TransferRow, by: StaffAct, seen: Seen | null) {
    const done = { moved: false };
    const also: AlsoInTx = async (tx, settled) => {
      done.moved = true;
      await appendAudit(tx, {
        actor: 'staff',
        staffId: by.staffId,
        action,
        objectType: 'transfer',
        objectId: t.id,
        memberId: t.memberId,
        reason: by.reason,
        before: { status: t.status },
        after: { status: settled, ...(seen ? { provider: seen.answer, detail: seen.detail } : {}) },
        requestId: by.requestId,
        at: ctx.now(),
      });
    };
    return { also, done };
  }

  async function statusOf(id: number): Promise<TOpsTransferDecided> {
    return { id, status: (await find(id)).status as TransferStatus };
  }

  return {
    async list(limit: number) {
      const now = ctx.now();
      const stuckAfterMinutes = ctx.config.OPS_TRANSFER_STUCK_MINUTES;
      const rows = await repo.list(new Date(now.getTime() - stuckAfterMinutes * 60_000), limit);
      return { items: rows.map((r) => view(r, now)), stuckAfterMinutes };
    },

    async providerAnswer(id: number): Promise<TOpsTransferProviderAnswer> {
      const t = await find(id);
      const seen = await ask(t);
      const settlesAs = seen.answer === 'NO_ANSWER' ? null : seen.answer === 'APPLIED' ? 'SUCCESS' : 'FAILED';
      return {
        id: t.id,
        providerTransferId: transferIdOf(t),
        ...seen,
        settlesAs,
        amount: fromMinor(t.amount, t.currency as Currency),
        currency: t.currency as Currency,
        status: t.status as TransferStatus,
        askedAt: ctx.now().toISOString(),
      };
    },

    /** The reconciler's settlement of this one transfer, now; UNKNOWN when the provider still does not answer. */
    async reconcile(id: number, by: StaffAct): Promise<TOpsTransferDecided> {
      const t = await claim(id);
      const { also, done } = audited('transfer.reconcile', t, by, null);
      try {
        const outcome = await settlement.resolve(t, catalog.provider(transferMeta(t).gameCode), also);
        if (outcome !== 'UNKNOWN' && !done.moved) throw new AppError('OPS_ALREADY_DECIDED', { status: outcome });
      } finally {
        if (!done.moved) await repo.release(t.id, t.leaseUntil);
      }
      return statusOf(id);
    },

    /** Settles as staff assert: SUCCESS (it went through at the provider) or FAILED (money back). */
    async settle(id: number, outcome: TransferOutcome, by: StaffAct): Promise<TOpsTransferDecided> {
      const t = await claim(id);
      let done = { moved: false };
      try {
        let seen = await ask(t);
        if (seen.answer === 'NOT_FOUND' && outcome === 'FAILED') seen = await voided(t);
        if (contradicts(seen.answer, outcome)) throw new AppError('OPS_PROVIDER_DISAGREES', { answer: seen.answer });
        // Without a definite answer staff's word may only leave the money on the provider's side: a
        // refund (or a credit from the game) the provider later contradicts would create money.
        if (seen.answer === 'NO_ANSWER' && paysWallet(t, outcome)) {
          throw new AppError('KEY_INVALID', { reason: 'provider-no-answer' });
        }
        const audit = audited('transfer.settle', t, by, seen);
        done = audit.done;
        const status = await settlement.settle(t, outcome, undefined, audit.also);
        if (!done.moved) throw new AppError('OPS_ALREADY_DECIDED', { status });
      } finally {
        if (!done.moved) await repo.release(t.id, t.leaseUntil);
      }
      publishOpsQueue(ctx, { queue: 'transfers', id: String(id), change: 'removed' });
      const kind = outcome === 'SUCCESS' ? 'transfer-done' : 'transfer-failed';
      if (t.memberId !== null) publishMemberLive(ctx, t.memberId, { kind, amount: t.amount, currency: t.currency });
      return { id, status: outcome };
    },
  };
}
export type TransferOpsService = ReturnType<typeof createTransferOpsService>;
