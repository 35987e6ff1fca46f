// Fault injection for the sandbox provider (DESIGN §5): tests and the dev endpoint tell it to time
// out, fail with a 5xx, answer slowly, apply and lose the answer, or refuse — per call or at a rate.
import { z } from 'zod';

export const PROVIDER_FAULTS = ['timeout', 'error5xx', 'slow', 'lostResponse', 'reject'] as const;
export type ProviderFault = (typeof PROVIDER_FAULTS)[number];

export const PROVIDER_METHODS = [
  'createPlayer',
  'balance',
  'deposit',
  'withdraw',
  'transferStatus',
  'cancelTransfer',
  'resetPassword',
  'launchLink',
] as const;
export type ProviderMethod = (typeof PROVIDER_METHODS)[number];

const rate = z.number().min(0).max(1).default(0);

/** PUT /dev/provider-faults: the whole fault setting, replacing the previous one. */
export const ZProviderFaults = z.strictObject({
  /** One fault per coming call (of the listed methods), in order. */
  next: z.array(z.enum(PROVIDER_FAULTS)).max(1000).default([]),
  timeoutRate: rate,
  errorRate: rate,
  lostResponseRate: rate,
  /** Added to every call (and the delay of a queued 'slow'); beyond the timeout the call is applied late. */
  slowMs: z.number().int().min(0).max(120_000).default(0),
  /** The calls faults apply to; all of them when absent. */
  methods: z.array(z.enum(PROVIDER_METHODS)).min(1).optional(),
});
export type ProviderFaultsInput = z.input<typeof ZProviderFaults>;
export type ProviderFaults = z.output<typeof ZProviderFaults>;

/** What happens to one call. */
export type CallPlan = { fault: ProviderFault | null; delayMs: number };

export function createFaultControl(random: () => number = Math.random) {
  let faults: ProviderFaults = ZProviderFaults.parse({});

  return {
    /** Replaces the fault setting (validated). */
    set(input: ProviderFaultsInput): ProviderFaults {
      faults = ZProviderFaults.parse(input);
      return this.get();
    },
    get(): ProviderFaults {
      return { ...faults, next: [...faults.next], ...(faults.methods ? { methods: [...faults.methods] } : {}) };
    },
    reset() {
      faults = ZProviderFaults.parse({});
    },
    /** Draws the fate of one call: a queued fault first, then the rates. */
    plan(method: ProviderMethod): CallPlan {
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
export type FaultControl = ReturnType<typeof createFaultControl>;
