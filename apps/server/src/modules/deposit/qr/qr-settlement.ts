// What becomes of a QR once the gateway has spoken: a paid order credits the member exactly once
// (deposit_references in the same transaction as the posting and the PAID mark), whatever our row
// said — cancelled or expired QRs still credit, the member's money was taken. Anything else closes it.
import type { Currency } from '@krapao/contracts/constants';
import type { QrGateway } from '@krapao/contracts/deposit';
import type { GatewayOrder } from '../../../adapters/gateway/gateway.port.ts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { createDepositCredit } from '../credit.ts';
import { createQrRepository, type QrRow } from './qr.repository.ts';

export function createQrSettlement(ctx: AppContext) {
  const repo = createQrRepository(ctx.db);
  const deposits = createDepositCredit(ctx);

  /** Credits a paid QR once; answers true when this call credited it (false for a repeat). */
  async function settlePaid(qr: QrRow, paidAt: Date | null): Promise<boolean> {
    const deposit = {
      memberId: qr.memberId,
      amount: qr.amount,
      currency: qr.currency as Currency,
      source: 'QR' as const,
      reference: `${qr.bankCode}:${qr.gatewayRef}`,
      fromCode: qr.bankCode,
      metadata: { qrcodeId: qr.id, paidAt: paidAt?.toISOString() ?? null },
    };
    const result = await deposits.transaction(async (tx, credit) => {
      const credited = await credit(tx, deposit);
      await repo.markPaid(tx, qr.id, ctx.now());
      return credited;
    });
    return result.credited;
  }

  /** Follows the gateway's answer on an order we asked to stop (or found lapsed). */
  async function settleFromGateway(qr: QrRow, order: GatewayOrder | null, closeAs: 'CANCELLED' | 'EXPIRED') {
    if (order?.status === 'PAID') return settlePaid(qr, order.paidAt);
    if (order?.status === 'OPEN') throw new Error(`gateway left order ${order.ref} open after a cancel`);
    await repo.closeOpen(qr.id, order?.status === 'EXPIRED' ? 'EXPIRED' : closeAs, ctx.now());
    return false;
  }

  /**
   * Cancels an OPEN QR at its gateway, then here. A gateway without an answer leaves the QR OPEN and
   * refuses with QR_FAIL: a QR is only closed here once the gateway can no longer take money for it.
   */
  async function cancelOpen(qr: QrRow): Promise<void> {
    let order: GatewayOrder | null;
    try {
      order = await ctx.payments.gateway.cancelOrder(qr.bankCode as QrGateway, qr.gatewayRef);
    } catch {
      throw new AppError('QR_FAIL', { hasQrcode: false });
    }
    if (order?.status === 'OPEN') throw new AppError('QR_FAIL', { hasQrcode: false });
    await settleFromGateway(qr, order, 'CANCELLED');
  }

  return { settlePaid, settleFromGateway, cancelOpen };
}
export type QrSettlement = ReturnType<typeof createQrSettlement>;
