// The sandbox slip verifier: answers from the sandbox bank's statement of the house's receiving
// accounts (sandbox_bank_feed), like a slip-verification API does from the bank. Tests and the dev
// endpoints tell it to time out, fail with a 5xx, hit the captcha wall or answer slowly.
import type { Currency } from '@krapao/contracts/constants';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { sandboxBankFeed } from '../../db/schema/deposits.ts';
import type { PaymentDeps } from '../payments.ts';
import { type SlipQuery, type SlipVerdict, type SlipVerifier, SlipVerifierUnavailable } from './slip-verifier.port.ts';

export const SLIP_VERIFIER_FAULTS = ['timeout', 'error5xx', 'captcha', 'slow'] as const;
export type SlipVerifierFault = (typeof SLIP_VERIFIER_FAULTS)[number];

const rate = z.number().min(0).max(1).default(0);

/** The whole fault setting of the sandbox verifier, replacing the previous one. */
export const ZSlipVerifierFaults = z.strictObject({
  /** One fault per coming call, in order. */
  next: z.array(z.enum(SLIP_VERIFIER_FAULTS)).max(1000).default([]),
  timeoutRate: rate,
  errorRate: rate,
  captchaRate: rate,
  /** Added to every call (and the delay of a queued 'slow'). */
  slowMs: z.number().int().min(0).max(120_000).default(0),
});
export type SlipVerifierFaultsInput = z.input<typeof ZSlipVerifierFaults>;
export type SlipVerifierFaults = z.output<typeof ZSlipVerifierFaults>;

export type SandboxSlipVerifier = SlipVerifier & {
  faults: {
    set(input: SlipVerifierFaultsInput): SlipVerifierFaults;
    get(): SlipVerifierFaults;
    reset(): void;
  };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A 'timeout' fault hangs as long as the caller waits (SLIP_VERIFY_TIMEOUT_MS), then gives up. */
export function createSandboxSlipVerifier(opts: PaymentDeps & { random?: () => number }): SandboxSlipVerifier {
  const random = opts.random ?? Math.random;
  const timeoutMs = opts.config.SLIP_VERIFY_TIMEOUT_MS;
  let faults = ZSlipVerifierFaults.parse({});

  function plan(): SlipVerifierFault | null {
    const queued = faults.next.shift();
    if (queued) return queued;
    const roll = random();
    let edge = faults.timeoutRate;
    if (roll < edge) return 'timeout';
    edge += faults.errorRate;
    if (roll < edge) return 'error5xx';
    edge += faults.captchaRate;
    if (roll < edge) return 'captcha';
    return faults.slowMs > 0 ? 'slow' : null;
  }

  async function lookUp(query: SlipQuery): Promise<SlipVerdict> {
    const [row] = await opts.db
      .select()
      .from(sandboxBankFeed)
      .where(and(eq(sandboxBankFeed.sendingBank, query.sendingBank), eq(sandboxBankFeed.transRef, query.transRef)))
      .limit(1);
    if (!row) return { kind: 'NOT_FOUND' };
    if (row.visibleAt.getTime() > opts.now().getTime()) return { kind: 'DELAYED' };
    return {
      kind: 'FOUND',
      transfer: {
        fromBankCode: row.fromBankCode,
        fromAccountNo: row.fromAccountNo,
        toBankCode: row.toBankCode,
        toAccountNo: row.toAccountNo,
        amount: row.amount,
        currency: row.currency as Currency,
        occurredAt: row.occurredAt,
      },
    };
  }

  return {
    async verify(query) {
      const fault = plan();
      switch (fault) {
        case 'timeout':
          await sleep(timeoutMs);
          throw new SlipVerifierUnavailable('timeout');
        case 'error5xx':
          if (faults.slowMs > 0) await sleep(faults.slowMs);
          throw new SlipVerifierUnavailable('error5xx');
        case 'captcha':
          return { kind: 'CAPTCHA' };
        case 'slow':
          await sleep(faults.slowMs);
          return lookUp(query);
        default:
          return lookUp(query);
      }
    },
    faults: {
      set(input) {
        faults = ZSlipVerifierFaults.parse(input);
        return this.get();
      },
      get: () => ({ ...faults, next: [...faults.next] }),
      reset() {
        faults = ZSlipVerifierFaults.parse({});
      },
    },
  };
}

/** The sandbox behind a registered verifier (for its fault control), or null for a real one. */
export function sandboxSlipVerifierOf(verifier: SlipVerifier): SandboxSlipVerifier | null {
  return 'faults' in verifier ? (verifier as SandboxSlipVerifier) : null;
}
