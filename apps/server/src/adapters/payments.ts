// The outside parties money comes in and goes out through (DESIGN §5): one instance of each per app,
// so a sandbox's fault setting is shared by the routes, the jobs and the dev endpoints. Each is a
// port with a built-in sandbox; a real implementation slots in by configuration.
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';

export type PaymentDeps = { config: Config; db: Db; now: () => Date };

export type PaymentAdapters = {
  // qr gateway
  // slip verifier
  // bank feed
  // truemoney
  // payouts
};

export function createPaymentAdapters(deps: PaymentDeps): PaymentAdapters {
  void deps;
  return {
    // qr gateway
    // slip verifier
    // bank feed
    // truemoney
    // payouts
  };
}
