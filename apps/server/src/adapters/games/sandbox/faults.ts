// Fault injection for the sandbox provider: tests and the dev endpoint tell it to time
// out, fail with a 5xx, answer slowly, apply and lose the answer, or refuse — per call or at a rate.
import type { z } from 'zod';
import { createFaults, FAULTS, faultSchema } from '../../fault-control.ts';

export const PROVIDER_FAULTS = FAULTS;
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
  'turnover',
] as const;
export type ProviderMethod = (typeof PROVIDER_METHODS)[number];

/** PUT /dev/provider-faults: the whole fault setting, replacing the previous one. */
export const ZProviderFaults = faultSchema(PROVIDER_FAULTS, PROVIDER_METHODS);
export type ProviderFaultsInput = z.input<typeof ZProviderFaults>;
export type ProviderFaults = z.output<typeof ZProviderFaults>;

/** What happens to one call. */
export type CallPlan = { fault: ProviderFault | null; delayMs: number };

export function createFaultControl(random: () => number = Math.random) {
  return createFaults(ZProviderFaults, random);
}
export type FaultControl = ReturnType<typeof createFaultControl>;
