// Closes QRs past their expiry (docs/architecture.md §4): an interval worker whose work list is the database (OPEN
// QRs whose expire_at has passed), so nothing is lost on a restart. It asks the gateway first: a paid
// order whose webhook never came is credited here, as the webhook would have; the rest expire.
import type { QrGateway } from '@krapao/contracts/deposit';
import type { GatewayOrder } from '../../../adapters/gateway/gateway.port.ts';
import type { AppContext } from '../../../context.ts';
import { intervalJob } from '../../../lib/interval-job.ts';
import { createQrRepository, type QrRow } from './qr.repository.ts';
import { createQrSettlement } from './qr-settlement.ts';

const BATCH = 20;

export type QrJobResult = { paid: number; expired: number; left: number };

export function createQrExpiryJob(ctx: AppContext, onRowError?: (err: unknown, qr: QrRow) => void) {
  const repo = createQrRepository(ctx.db);
  const settlement = createQrSettlement(ctx);
  const gateway = ctx.payments.gateway;
  /** Well above the gateway timeout: a QR taken by an instance that died is taken again after it. */
  const leaseMs = Math.max(60_000, 4 * ctx.config.GATEWAY_TIMEOUT_MS);

  /** The gateway's final word on a lapsed order: PAID, or closed (a still-OPEN one is cancelled). */
  async function finalOrder(qr: QrRow): Promise<GatewayOrder | null> {
    const code = qr.bankCode as QrGateway;
    const order = await gateway.getOrder(code, qr.gatewayRef);
    if (order?.status !== 'OPEN') return order;
    const after = await gateway.cancelOrder(code, qr.gatewayRef);
    if (after?.status === 'OPEN') throw new Error(`gateway keeps order ${qr.gatewayRef} open`);
    return after;
  }

  /** One pass over up to BATCH lapsed QRs; a gateway without an answer leaves a QR for a later pass. */
  async function runOnce(signal?: AbortSignal): Promise<QrJobResult> {
    const result: QrJobResult = { paid: 0, expired: 0, left: 0 };
    for (const qr of await repo.claimExpired(ctx.now(), leaseMs, BATCH)) {
      // Stopping: the QRs not begun are taken again once their short lease has passed.
      if (signal?.aborted) break;
      try {
        const order = await finalOrder(qr);
        await settlement.settleFromGateway(qr, order, 'EXPIRED');
        if (order?.status === 'PAID') result.paid += 1;
        else result.expired += 1;
      } catch (err) {
        // No answer from the gateway (or a failed write): the lease runs out and a later pass retries.
        onRowError?.(err, qr);
        result.left += 1;
      }
    }
    return result;
  }

  return {
    runOnce,
    ...intervalJob((_onError, signal) => runOnce(signal)),
  };
}
export type QrExpiryJob = ReturnType<typeof createQrExpiryJob>;
