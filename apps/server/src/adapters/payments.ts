// The outside parties money comes in and goes out through (docs/architecture.md §1): one instance of each per app,
// so a sandbox's fault setting is shared by the routes, the jobs and the dev endpoints. Each is a
// port with a built-in sandbox; a real implementation slots in by configuration.
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { type Metrics, timedAdapter } from '../lib/metrics.ts';
import type { BankFeed } from './bank-feed/bank-feed.port.ts';
import { createSandboxBankFeed } from './bank-feed/sandbox-bank-feed.ts';
import { createGateway, type GatewayAdapter } from './gateway/gateway.ts';
import type { PayoutAdapter } from './payouts/payout.port.ts';
import { createSandboxPayouts } from './payouts/sandbox-payouts.ts';
import { createSandboxSlipVerifier } from './slip/sandbox-verifier.ts';
import type { SlipVerifier } from './slip/slip-verifier.port.ts';
import { createSandboxTruemoney } from './truemoney/sandbox-truemoney.ts';
import type { TruemoneyAdapter } from './truemoney/truemoney.port.ts';

export type PaymentDeps = { config: Config; db: Db; now: () => Date; metrics?: Metrics };

export type PaymentAdapters = {
  // qr gateway
  gateway: GatewayAdapter;
  // slip verifier
  slipVerifier: SlipVerifier;
  // bank feed
  bankFeed: BankFeed;
  // truemoney
  truemoney: TruemoneyAdapter;
  // payouts
  payouts: PayoutAdapter;
};

export function createPaymentAdapters(deps: PaymentDeps): PaymentAdapters {
  const timed = <T extends object>(name: string, adapter: T, calls: readonly (keyof T & string)[]) =>
    timedAdapter(deps.metrics, name, adapter, calls);
  return {
    // qr gateway
    gateway: timed('gateway', createGateway(deps), ['createOrder', 'getOrder', 'cancelOrder']),
    // slip verifier
    slipVerifier: timed('slip_verifier', createSandboxSlipVerifier(deps), ['verify']),
    // bank feed
    bankFeed: timed('bank_feed', createSandboxBankFeed(deps), ['listUnprocessed', 'findTransfer']),
    // truemoney
    truemoney: timed(
      'truemoney',
      createSandboxTruemoney({ db: deps.db, now: deps.now, timeoutMs: deps.config.TRUEMONEY_TIMEOUT_MS }),
      ['verify', 'redeem'],
    ),
    // payouts
    payouts: timed('payouts', createSandboxPayouts({ db: deps.db, timeoutMs: deps.config.PAYOUT_TIMEOUT_MS }), [
      'pay',
      'status',
      'cancel',
    ]),
  };
}
