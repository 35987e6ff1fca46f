// The payment-gateway port (decision 042): a QR order per deposit at KBANK, WW or PAYTIMZ. Amounts are
// bigint minor units (satang). The gateway tells us of a payment by a signed webhook; what it says
// about an order (getOrder / cancelOrder) is the fallback when a webhook never came.
import type { QrGateway } from '@krapao/contracts/deposit';

/** OPEN (payable until expireAt), PAID, CANCELLED, EXPIRED: the gateway's word on an order. */
export type GatewayOrderStatus = 'OPEN' | 'PAID' | 'CANCELLED' | 'EXPIRED';

export type GatewayOrder = {
  bankCode: QrGateway;
  /** The gateway's order reference. */
  ref: string;
  /** Ours: the QR id, echoed back in the webhook. */
  merchantRef: string;
  amount: bigint;
  /** The EMVCo Thai QR Payment payload the member's bank app scans. */
  payload: string;
  status: GatewayOrderStatus;
  expireAt: Date;
  paidAt: Date | null;
};

export type CreateOrderInput = { bankCode: QrGateway; merchantRef: string; amount: bigint };

export type PaymentGateway = {
  createOrder(input: CreateOrderInput): Promise<GatewayOrder>;
  /** The order as the gateway sees it now, or null when it does not know the reference. */
  getOrder(bankCode: QrGateway, ref: string): Promise<GatewayOrder | null>;
  /**
   * Stops an order from being paid. Answers its final state: CANCELLED, or PAID / EXPIRED when it
   * was already so (a paid order cannot be cancelled), or null when the gateway does not know it.
   */
  cancelOrder(bankCode: QrGateway, ref: string): Promise<GatewayOrder | null>;
};

/** No definite answer (timeout, 5xx): the call may or may not have been applied. */
export class GatewayUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`gateway unavailable: ${reason}`);
    this.name = 'GatewayUnavailable';
  }
}

/** The webhook body every gateway sends when an order is paid. */
export type GatewayWebhookBody = {
  ref: string;
  merchantRef: string;
  /** Decimal baht, as on the wire. */
  amount: number;
  status: 'PAID';
  /** ISO time. */
  paidAt: string;
};

/** How the gateway reaches our webhook: in process, the app hands it `app.inject` of the real route. */
export type WebhookDeliver = (
  bankCode: QrGateway,
  headers: Record<string, string>,
  rawBody: string,
) => Promise<{ statusCode: number }>;
