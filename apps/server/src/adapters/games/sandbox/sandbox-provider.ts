// The GameProvider port over the demo provider's books, in process (no HTTP, for speed), behaving
// like a remote party: it can time out, fail with a 5xx, answer late, or apply and lose the answer.
import type { Db } from '../../../db/client.ts';
import { type GameProvider, ProviderRejected, ProviderUnavailable } from '../game-provider.port.ts';
import { createDemoBooks, type DemoBooks } from './demo-books.ts';
import { createFaultControl, type FaultControl, type ProviderMethod } from './faults.ts';

export type SandboxOptions = {
  db: Db;
  now: () => Date;
  /** Where the demo provider's pages live, e.g. http://localhost:3000/demo-provider. */
  baseUrl: string;
  /** How long we wait for an answer before giving up (PROVIDER_TIMEOUT_MS). */
  timeoutMs: number;
  random?: () => number;
};

export type SandboxGameProvider = GameProvider & {
  faults: FaultControl;
  books: DemoBooks;
  baseUrl: string;
  /** Waits for requests that are still on their way to the provider (a 'slow' call past the timeout). */
  drain(): Promise<void>;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createSandboxProvider(opts: SandboxOptions): SandboxGameProvider {
  const books = createDemoBooks(opts.db, opts.now);
  const faults = createFaultControl(opts.random);
  const inFlight = new Set<Promise<unknown>>();

  /** The provider's own failures reach us as "no definite answer", as an HTTP client would see them. */
  async function call<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (err) {
      if (err instanceof ProviderRejected || err instanceof ProviderUnavailable) throw err;
      throw new ProviderUnavailable(`provider error: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async function run<T>(method: ProviderMethod, op: () => Promise<T>): Promise<T> {
    const { fault, delayMs } = faults.plan(method);
    switch (fault) {
      case 'timeout':
        await sleep(opts.timeoutMs);
        throw new ProviderUnavailable('timeout');
      case 'error5xx':
        await sleep(Math.min(delayMs, opts.timeoutMs));
        throw new ProviderUnavailable('HTTP 503 from provider');
      case 'reject':
        throw new ProviderRejected('refused by the sandbox (fault injection)');
      case 'lostResponse':
        await op().catch(() => undefined);
        throw new ProviderUnavailable('response lost');
      case 'slow': {
        const delay = delayMs || Math.floor(opts.timeoutMs / 2);
        if (delay < opts.timeoutMs) {
          await sleep(delay);
          return call(op);
        }
        // The request reaches the provider after we gave up: applied late, unless voided meanwhile.
        const late = sleep(delay)
          .then(op)
          .catch(() => undefined);
        inFlight.add(late);
        void late.finally(() => inFlight.delete(late));
        await sleep(opts.timeoutMs);
        throw new ProviderUnavailable('timeout');
      }
      default:
        return call(op);
    }
  }

  return {
    faults,
    books,
    baseUrl: opts.baseUrl,
    async drain() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    createPlayer: (input) => run('createPlayer', () => books.createPlayer(input)),
    balance: (input) => run('balance', () => books.balance(input)),
    deposit: (input) => run('deposit', () => books.deposit(input)),
    withdraw: (input) => run('withdraw', () => books.withdraw(input)),
    transferStatus: (input) => run('transferStatus', () => books.transferStatus(input)),
    cancelTransfer: (input) => run('cancelTransfer', () => books.cancelTransfer(input)),
    resetPassword: (input) => run('resetPassword', () => books.resetPassword(input)),
    launchLink: (input) => run('launchLink', async () => `${opts.baseUrl}/launch/${await books.launchToken(input)}`),
    turnover: (input) => run('turnover', () => books.turnover(input)),
  };
}
