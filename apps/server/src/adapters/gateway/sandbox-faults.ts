// Fault injection for the sandbox gateway: its calls time out, fail with a 5xx or answer
// slowly, and its webhooks get dropped, duplicated or fail to arrive (then retried) — queued per
// coming call / payment, or at a rate.
import { z } from 'zod';

export const GATEWAY_CALL_FAULTS = ['timeout', 'error5xx', 'slow'] as const;
export type GatewayCallFault = (typeof GATEWAY_CALL_FAULTS)[number];
export const GATEWAY_METHODS = ['createOrder', 'getOrder', 'cancelOrder'] as const;
export type GatewayMethod = (typeof GATEWAY_METHODS)[number];
/** drop: never sent; duplicate: sent twice at once; fail: the first attempt is lost, retries follow. */
export const WEBHOOK_FAULTS = ['drop', 'duplicate', 'fail'] as const;
export type WebhookFault = (typeof WEBHOOK_FAULTS)[number];

const rate = z.number().min(0).max(1).default(0);

/** PUT /dev/payment-faults/gateway: the whole setting, replacing the previous one. */
export const ZGatewayFaults = z.strictObject({
  /** One fault per coming call (of `methods`), in order. */
  next: z.array(z.enum(GATEWAY_CALL_FAULTS)).max(1000).default([]),
  timeoutRate: rate,
  errorRate: rate,
  /** Added to every call; at or beyond GATEWAY_TIMEOUT_MS the call is applied late and we see a timeout. */
  slowMs: z.number().int().min(0).max(120_000).default(0),
  /** The calls the faults apply to; all when absent. */
  methods: z.array(z.enum(GATEWAY_METHODS)).min(1).optional(),
  /** One webhook fault per coming payment, in order. */
  webhookNext: z.array(z.enum(WEBHOOK_FAULTS)).max(1000).default([]),
  webhookDropRate: rate,
  webhookDuplicateRate: rate,
});
export type GatewayFaultsInput = z.input<typeof ZGatewayFaults>;
export type GatewayFaults = z.output<typeof ZGatewayFaults>;

export function createGatewayFaults(random: () => number = Math.random) {
  let faults: GatewayFaults = ZGatewayFaults.parse({});

  return {
    set(input: GatewayFaultsInput): GatewayFaults {
      faults = ZGatewayFaults.parse(input);
      return this.get();
    },
    get(): GatewayFaults {
      return structuredClone(faults);
    },
    reset() {
      faults = ZGatewayFaults.parse({});
    },
    /** The fate of one call: a queued fault first, then the rates; `delayMs` for a slow one. */
    call(method: GatewayMethod): { fault: GatewayCallFault | null; delayMs: number } {
      if (faults.methods && !faults.methods.includes(method)) return { fault: null, delayMs: 0 };
      const queued = faults.next.shift();
      if (queued) return { fault: queued, delayMs: faults.slowMs };
      const roll = random();
      if (roll < faults.timeoutRate) return { fault: 'timeout', delayMs: 0 };
      if (roll < faults.timeoutRate + faults.errorRate) return { fault: 'error5xx', delayMs: 0 };
      return { fault: faults.slowMs > 0 ? 'slow' : null, delayMs: faults.slowMs };
    },
    /** The fate of one payment's webhook. */
    webhook(): WebhookFault | null {
      const queued = faults.webhookNext.shift();
      if (queued) return queued;
      const roll = random();
      if (roll < faults.webhookDropRate) return 'drop';
      if (roll < faults.webhookDropRate + faults.webhookDuplicateRate) return 'duplicate';
      return null;
    },
  };
}
export type GatewayFaultControl = ReturnType<typeof createGatewayFaults>;
