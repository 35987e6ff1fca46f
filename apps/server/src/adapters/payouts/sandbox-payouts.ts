// The sandbox payout bank: its own book (sandbox_payouts) stands in for the bank's,
// in process, behaving like a remote party: it refuses closed accounts, and on demand times out,
// fails with a 5xx, answers late, or pays and loses the answer. It pays a withdrawal id once, and
// counts every pay call that reaches it for the id (a real bank may pay each call).
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxPayouts } from '../../db/schema/deposits.ts';
import {
  type CallOptions,
  type PayoutAdapter,
  PayoutRejected,
  type PayoutRequest,
  type PayoutState,
  PayoutUnavailable,
} from './payout.port.ts';
import { createPayoutFaultControl, type PayoutFaultControl, type PayoutMethod } from './payout-faults.ts';

export type SandboxPayoutOptions = {
  db: Db;
  /** How long a caller waits by default (PAYOUT_TIMEOUT_MS). */
  timeoutMs: number;
  random?: () => number;
};

export type SandboxPayouts = PayoutAdapter & {
  faults: PayoutFaultControl;
  /** Waits for requests still on their way to the bank (a 'slow' call past the timeout). */
  drain(): Promise<void>;
};

/** The sandbox treats an account number ending in 0000 as closed: a definitive refusal. */
export function isClosedAccount(accountNo: string): boolean {
  return accountNo.endsWith('0000');
}

export function isSandboxPayouts(adapter: PayoutAdapter): adapter is SandboxPayouts {
  return 'faults' in adapter && 'drain' in adapter;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function createPayoutBook(db: Db) {
  async function row(withdrawalId: number) {
    const [r] = await db.select().from(sandboxPayouts).where(eq(sandboxPayouts.withdrawalId, withdrawalId)).limit(1);
    return r ?? null;
  }
  return {
    async pay(req: PayoutRequest) {
      if (req.amount <= 0n) throw new PayoutRejected('INVALID_AMOUNT');
      if (isClosedAccount(req.accountNo)) throw new PayoutRejected('ACCOUNT_CLOSED');
      const ref = `PO${randomBytes(8).toString('hex').toUpperCase()}`;
      // A repeat of a paid id answers the first payment; every call is counted (pay_calls).
      const [book] = await db
        .insert(sandboxPayouts)
        .values({
          withdrawalId: req.withdrawalId,
          bankCode: req.bankCode,
          accountNo: req.accountNo,
          amount: req.amount,
          ref,
        })
        .onConflictDoUpdate({
          target: sandboxPayouts.withdrawalId,
          set: { payCalls: sql`${sandboxPayouts.payCalls} + 1` },
        })
        .returning({ ref: sandboxPayouts.ref, status: sandboxPayouts.status });
      if (book?.status === 'PAID') return { ref: book.ref };
      throw new PayoutRejected('CANCELLED');
    },
    async status(withdrawalId: number): Promise<PayoutState> {
      const r = await row(withdrawalId);
      if (!r) return { state: 'NOT_FOUND' };
      return r.status === 'PAID' ? { state: 'PAID', ref: r.ref } : { state: 'CANCELLED' };
    },
    async cancel(withdrawalId: number) {
      await db
        .insert(sandboxPayouts)
        .values({ withdrawalId, bankCode: '', accountNo: '', amount: 0n, ref: '', status: 'CANCELLED', payCalls: 0 })
        .onConflictDoNothing();
      const r = await row(withdrawalId);
      return r?.status === 'PAID' ? { state: 'PAID' as const, ref: r.ref } : { state: 'CANCELLED' as const };
    },
  };
}

export function createSandboxPayouts(opts: SandboxPayoutOptions): SandboxPayouts {
  const book = createPayoutBook(opts.db);
  const faults = createPayoutFaultControl(opts.random);
  const inFlight = new Set<Promise<unknown>>();

  /** The bank's own failures reach us as "no definite answer", as an HTTP client would see them. */
  async function call<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (err) {
      if (err instanceof PayoutRejected || err instanceof PayoutUnavailable) throw err;
      throw new PayoutUnavailable(`bank error: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async function run<T>(method: PayoutMethod, callOpts: CallOptions | undefined, op: () => Promise<T>): Promise<T> {
    const timeoutMs = callOpts?.timeoutMs ?? opts.timeoutMs;
    const { fault, delayMs } = faults.plan(method);
    switch (fault) {
      case 'timeout':
        await sleep(timeoutMs);
        throw new PayoutUnavailable('timeout');
      case 'error5xx':
        await sleep(Math.min(delayMs, timeoutMs));
        throw new PayoutUnavailable('HTTP 503 from the bank');
      case 'reject':
        if (method === 'pay') throw new PayoutRejected('refused by the sandbox (fault injection)');
        throw new PayoutUnavailable('HTTP 400 from the bank');
      case 'lostResponse':
        await op().catch(() => undefined);
        throw new PayoutUnavailable('response lost');
      case 'slow': {
        const delay = delayMs || Math.floor(timeoutMs / 2);
        if (delay < timeoutMs) {
          await sleep(delay);
          return call(op);
        }
        // The request reaches the bank after we gave up: applied late, unless voided meanwhile.
        const late = sleep(delay)
          .then(op)
          .catch(() => undefined);
        inFlight.add(late);
        void late.finally(() => inFlight.delete(late));
        await sleep(timeoutMs);
        throw new PayoutUnavailable('timeout');
      }
      default:
        return call(op);
    }
  }

  return {
    faults,
    async drain() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    pay: (req, callOpts) => run('pay', callOpts, () => book.pay(req)),
    status: (withdrawalId, callOpts) => run('status', callOpts, () => book.status(withdrawalId)),
    cancel: (withdrawalId, callOpts) => run('cancel', callOpts, () => book.cancel(withdrawalId)),
  };
}
