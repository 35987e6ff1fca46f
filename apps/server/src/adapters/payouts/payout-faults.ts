// Fault injection for the sandbox payout bank (DESIGN §5): tests and the dev endpoint tell it to
// time out, fail with a 5xx, answer slowly, pay and lose the answer, or refuse — per call or at a rate.
import { z } from 'zod';

export const PAYOUT_FAULTS = ['timeout', 'error5xx', 'slow', 'lostResponse', 'reject'] as const;
export type PayoutFault = (typeof PAYOUT_FAULTS)[number];

export const PAYOUT_METHODS = ['pay', 'status', 'cancel'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

const rate = z.number().min(0).max(1).default(0);

/** PUT /dev/payment-faults/payouts: the whole fault setting, replacing the previous one. */
export const ZPayoutFaults = z.strictObject({
  /** One fault per coming call (of the listed methods), in order. */
  next: z.array(z.enum(PAYOUT_FAULTS)).max(1000).default([]),
  timeoutRate: rate,
  errorRate: rate,
  lostResponseRate: rate,
  /** Added to every call; beyond the caller's timeout the payment is made late (unless voided). */
  slowMs: z.number().int().min(0).max(120_000).default(0),
  /** The calls faults apply to; all of them when absent. */
  methods: z.array(z.enum(PAYOUT_METHODS)).min(1).optional(),
});
export type PayoutFaultsInput = z.input<typeof ZPayoutFaults>;
export type PayoutFaults = z.output<typeof ZPayoutFaults>;

export type CallPlan = { fault: PayoutFault | null; delayMs: number };

export function createPayoutFaultControl(random: () => number = Math.random) {
  let faults: PayoutFaults = ZPayoutFaults.parse({});

  return {
    set(input: PayoutFaultsInput): PayoutFaults {
      faults = ZPayoutFaults.parse(input);
      return this.get();
    },
    get(): PayoutFaults {
      return { ...faults, next: [...faults.next], ...(faults.methods ? { methods: [...faults.methods] } : {}) };
    },
    reset() {
      faults = ZPayoutFaults.parse({});
    },
    /** Draws the fate of one call: a queued fault first, then the rates. */
    plan(method: PayoutMethod): CallPlan {
      if (faults.methods && !faults.methods.includes(method)) return { fault: null, delayMs: 0 };
      const queued = faults.next.shift();
      if (queued) return { fault: queued, delayMs: faults.slowMs };
      const roll = random();
      let edge = faults.timeoutRate;
      if (roll < edge) return { fault: 'timeout', delayMs: 0 };
      edge += faults.errorRate;
      if (roll < edge) return { fault: 'error5xx', delayMs: faults.slowMs };
      edge += faults.lostResponseRate;
      if (roll < edge) return { fault: 'lostResponse', delayMs: faults.slowMs };
      return { fault: faults.slowMs > 0 ? 'slow' : null, delayMs: faults.slowMs };
    },
  };
}
export type PayoutFaultControl = ReturnType<typeof createPayoutFaultControl>;
