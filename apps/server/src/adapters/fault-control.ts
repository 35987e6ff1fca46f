// Fault injection shared by the sandboxes (game provider, payout bank, TrueMoney):
// tests and the dev endpoints tell a sandbox to time out, fail with a 5xx, answer slowly, apply
// the call and lose the answer, or refuse — per call (a queue) or at a rate, for some calls only.
import { z } from 'zod';

export const FAULTS = ['timeout', 'error5xx', 'slow', 'lostResponse', 'reject'] as const;
export type Fault = (typeof FAULTS)[number];

const rate = z.number().min(0).max(1).default(0);

/** The whole fault setting of a sandbox whose calls are `methods` and whose queued faults are `faults`. */
export function faultSchema<F extends Fault, M extends string>(
  faults: readonly [F, ...F[]],
  methods: readonly [M, ...M[]],
) {
  return z.strictObject({
    /** One fault per coming call (of the listed methods), in order. */
    next: z.array(z.enum(faults)).max(1000).default([]),
    timeoutRate: rate,
    errorRate: rate,
    lostResponseRate: rate,
    /** Added to every call (and the delay of a queued 'slow'); beyond the caller's timeout the call is applied late. */
    slowMs: z.number().int().min(0).max(120_000).default(0),
    /** The calls faults apply to; all of them when absent. */
    methods: z.array(z.enum(methods)).min(1).optional(),
  });
}

type Setting<F extends Fault, M extends string> = {
  next: F[];
  timeoutRate: number;
  errorRate: number;
  lostResponseRate: number;
  slowMs: number;
  methods?: M[];
};

/** What happens to one call. */
export type CallPlan<F extends Fault = Fault> = {
  fault: F | 'timeout' | 'error5xx' | 'lostResponse' | 'slow' | null;
  delayMs: number;
};

export function createFaults<F extends Fault, M extends string, I>(
  schema: z.ZodType<Setting<F, M>, I>,
  random: () => number = Math.random,
) {
  let faults = schema.parse({});
  return {
    /** Replaces the fault setting (validated). */
    set(input: I): Setting<F, M> {
      faults = schema.parse(input);
      return this.get();
    },
    get(): Setting<F, M> {
      return { ...faults, next: [...faults.next], ...(faults.methods ? { methods: [...faults.methods] } : {}) };
    },
    reset() {
      faults = schema.parse({});
    },
    /** Draws the fate of one call: a queued fault first, then the rates. */
    plan(method: M): CallPlan<F> {
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
