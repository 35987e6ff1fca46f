// Fault injection for the sandbox TrueMoney: time out, fail with a 5xx, answer late, or
// apply the call and lose the answer ("redeemed but response lost"), per call or at a rate.
import { z } from 'zod';
import { createFaults, faultSchema } from '../fault-control.ts';

export const TRUEMONEY_FAULTS = ['timeout', 'error5xx', 'slow', 'lostResponse'] as const;
export type TruemoneyFault = (typeof TRUEMONEY_FAULTS)[number];

export const TRUEMONEY_METHODS = ['verify', 'redeem', 'incoming'] as const;
export type TruemoneyMethod = (typeof TRUEMONEY_METHODS)[number];

/** PUT /dev/payment-faults/truemoney: the whole fault setting, replacing the previous one. */
export const ZTruemoneyFaults = faultSchema(TRUEMONEY_FAULTS, TRUEMONEY_METHODS);
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
  return createFaults(ZTruemoneyFaults, random);
}
export type TruemoneyFaultControl = ReturnType<typeof createTruemoneyFaults>;
