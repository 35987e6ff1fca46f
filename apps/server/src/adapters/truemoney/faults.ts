// Fault injection for the sandbox TrueMoney (DESIGN §5): time out, fail with a 5xx, answer late, or
// apply the call and lose the answer ("redeemed but response lost"), per call or at a rate.
import { z } from 'zod';

export const TRUEMONEY_FAULTS = ['timeout', 'error5xx', 'slow', 'lostResponse'] as const;
export type TruemoneyFault = (typeof TRUEMONEY_FAULTS)[number];

export const TRUEMONEY_METHODS = ['verify', 'redeem', 'incoming'] as const;
export type TruemoneyMethod = (typeof TRUEMONEY_METHODS)[number];

const rate = z.number().min(0).max(1).default(0);

/** PUT /dev/payment-faults/truemoney: the whole fault setting, replacing the previous one. */
export const ZTruemoneyFaults = z.strictObject({
  /** One fault per coming call (of the listed methods), in order. */
  next: z.array(z.enum(TRUEMONEY_FAULTS)).max(1000).default([]),
  timeoutRate: rate,
  errorRate: rate,
  lostResponseRate: rate,
  /** Added to every call; beyond the timeout the call is applied late, after we gave up. */
  slowMs: z.number().int().min(0).max(120_000).default(0),
  /** The calls faults apply to; all of them when absent. */
  methods: z.array(z.enum(TRUEMONEY_METHODS)).min(1).optional(),
});
export type TruemoneyFaultsInput = z.input<typeof ZTruemoneyFaults>;
export type TruemoneyFaults = z.output<typeof ZTruemoneyFaults>;

export const ZTruemoneyFaultsResponse = z.object({
  next: z.array(z.enum(TRUEMONEY_FAULTS)),
  timeoutRate: z.number(),
  errorRate: z.number(),
  lostResponseRate: z.number(),
  slowMs: z.number(),
  methods: z.array(z.enum(TRUEMONEY_METHODS)).optional(),
});

export type CallPlan = { fault: TruemoneyFault | null; delayMs: number };

export function createTruemoneyFaults(random: () => number = Math.random) {
  let faults: TruemoneyFaults = ZTruemoneyFaults.parse({});

  return {
    set(input: TruemoneyFaultsInput): TruemoneyFaults {
      faults = ZTruemoneyFaults.parse(input);
      return this.get();
    },
    get(): TruemoneyFaults {
      return { ...faults, next: [...faults.next], ...(faults.methods ? { methods: [...faults.methods] } : {}) };
    },
    reset() {
      faults = ZTruemoneyFaults.parse({});
    },
    /** The fate of one call: a queued fault first, then the rates. */
    plan(method: TruemoneyMethod): CallPlan {
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
export type TruemoneyFaultControl = ReturnType<typeof createTruemoneyFaults>;
