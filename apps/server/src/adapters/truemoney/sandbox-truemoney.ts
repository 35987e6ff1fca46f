// The TrueMoney port over the sandbox's books, in process, behaving like a remote party: it can time
// out, fail with a 5xx, answer late (applied after we gave up), or redeem and lose the answer.
import type { Db } from '../../db/client.ts';
import { createTruemoneyFaults, type TruemoneyFaultControl, type TruemoneyMethod } from './faults.ts';
import { createTruemoneyBooks, type TruemoneyBooks } from './sandbox-books.ts';
import { type TruemoneyAdapter, TruemoneyUnavailable } from './truemoney.port.ts';

export type SandboxTruemoney = TruemoneyAdapter & {
  faults: TruemoneyFaultControl;
  books: TruemoneyBooks;
  /** Waits for calls still on their way (a 'slow' call past the timeout). */
  drain(): Promise<void>;
};

export function isSandboxTruemoney(adapter: TruemoneyAdapter): adapter is SandboxTruemoney {
  return 'faults' in adapter && 'books' in adapter;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createSandboxTruemoney(opts: {
  db: Db;
  now: () => Date;
  /** How long we wait for an answer (TRUEMONEY_TIMEOUT_MS). */
  timeoutMs: number;
  random?: () => number;
}): SandboxTruemoney {
  const books = createTruemoneyBooks(opts.db, opts.now);
  const faults = createTruemoneyFaults(opts.random);
  const inFlight = new Set<Promise<unknown>>();

  async function call<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (err) {
      throw new TruemoneyUnavailable(`sandbox error: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async function run<T>(method: TruemoneyMethod, op: () => Promise<T>, appliesLate = true): Promise<T> {
    const { fault, delayMs } = faults.plan(method);
    switch (fault) {
      case 'timeout':
        await sleep(opts.timeoutMs);
        throw new TruemoneyUnavailable('timeout');
      case 'error5xx':
        await sleep(Math.min(delayMs, opts.timeoutMs));
        throw new TruemoneyUnavailable('HTTP 503 from TrueMoney');
      case 'lostResponse':
        await op().catch(() => undefined);
        throw new TruemoneyUnavailable('response lost');
      case 'slow': {
        const delay = delayMs || Math.floor(opts.timeoutMs / 2);
        if (delay < opts.timeoutMs) {
          await sleep(delay);
          return call(op);
        }
        if (!appliesLate) {
          await sleep(opts.timeoutMs);
          throw new TruemoneyUnavailable('timeout');
        }
        const late = sleep(delay)
          .then(op)
          .catch(() => undefined);
        inFlight.add(late);
        void late.finally(() => inFlight.delete(late));
        await sleep(opts.timeoutMs);
        throw new TruemoneyUnavailable('timeout');
      }
      default:
        return call(op);
    }
  }

  return {
    faults,
    books,
    async drain() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    verify: (hash) => run('verify', () => books.verify(hash)),
    redeem: (hash, housePhone, redeemedBy) => run('redeem', () => books.redeem(hash, housePhone, redeemedBy)),
    // Runs in the caller's transaction, which is gone by the time a late call would land.
    incoming: (tx, o) => run('incoming', () => books.incoming(tx, o), false),
    markProcessed: (tx, ref, outcome) => books.markProcessed(tx, ref, outcome),
  };
}
