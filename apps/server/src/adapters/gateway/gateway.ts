// The QR gateway adapter of this app (chosen by QR_GATEWAY): the port the QR module calls, plus the
// sandbox's controls (faults, pay, webhook wiring) when the sandbox is in use.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentGateway } from './gateway.port.ts';
import { createSandboxGateway, type SandboxGateway } from './sandbox-gateway.ts';
import { webhookSecret } from './webhook-signature.ts';

export type GatewayAdapter = PaymentGateway & {
  /** The sandbox gateway when QR_GATEWAY=sandbox, else null. */
  sandbox: SandboxGateway | null;
  /** Lets late calls and webhook retries finish (or stop) before the database closes. */
  close(): Promise<void>;
};

export function createGateway(deps: { config: Config; db: Db; now: () => Date }): GatewayAdapter {
  const { config } = deps;
  switch (config.QR_GATEWAY) {
    case 'sandbox': {
      const sandbox = createSandboxGateway({
        db: deps.db,
        now: deps.now,
        ttlSeconds: config.QR_TTL_SECONDS,
        billerTaxId: config.QR_BILLER_TAX_ID,
        timeoutMs: config.GATEWAY_TIMEOUT_MS,
        webhookSecret: webhookSecret(config),
        retryMs: config.GATEWAY_WEBHOOK_RETRY_MS,
      });
      return {
        createOrder: (input) => sandbox.createOrder(input),
        getOrder: (bankCode, ref) => sandbox.getOrder(bankCode, ref),
        cancelOrder: (bankCode, ref) => sandbox.cancelOrder(bankCode, ref),
        sandbox,
        close: () => sandbox.close(),
      };
    }
  }
}
