// Fault injection for the sandbox payout bank: tests and the dev endpoint tell it to
// time out, fail with a 5xx, answer slowly, pay and lose the answer, or refuse — per call or at a rate.
import type { z } from 'zod';
import { createFaults, FAULTS, faultSchema } from '../fault-control.ts';

export const PAYOUT_FAULTS = FAULTS;
export type PayoutFault = (typeof PAYOUT_FAULTS)[number];

export const PAYOUT_METHODS = ['pay', 'status', 'cancel'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** PUT /dev/payment-faults/payouts: the whole fault setting, replacing the previous one. */
export const ZPayoutFaults = faultSchema(PAYOUT_FAULTS, PAYOUT_METHODS);
export type PayoutFaultsInput = z.input<typeof ZPayoutFaults>;
export type PayoutFaults = z.output<typeof ZPayoutFaults>;

export type CallPlan = { fault: PayoutFault | null; delayMs: number };

export function createPayoutFaultControl(random: () => number = Math.random) {
  return createFaults(ZPayoutFaults, random);
}
export type PayoutFaultControl = ReturnType<typeof createPayoutFaultControl>;
