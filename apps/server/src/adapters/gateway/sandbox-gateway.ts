// The PaymentGateway port over the sandbox's books, in process, behaving like a remote gateway: its
// calls can time out, fail or answer late, and when an order is paid it notifies the merchant with a
// signed webhook, retried with back-off until answered 2xx (or dropped / duplicated by a fault).
import type { QrGateway } from '@krapao/contracts/deposit';
import { fromMinor } from '@krapao/contracts/money';
import type { Db } from '../../db/client.ts';
import {
  type GatewayOrder,
  GatewayUnavailable,
  type GatewayWebhookBody,
  type PaymentGateway,
  type WebhookDeliver,
} from './gateway.port.ts';
import { createSandboxBooks, type PayRefusal } from './sandbox-books.ts';
import { createGatewayFaults, type GatewayFaultControl, type GatewayMethod } from './sandbox-faults.ts';
import { signedHeaders } from './webhook-signature.ts';

export type SandboxGatewayOptions = {
  db: Db;
  now: () => Date;
  ttlSeconds: number;
  billerTaxId: string;
  /** How long the merchant waits for an answer (GATEWAY_TIMEOUT_MS). */
  timeoutMs: number;
  webhookSecret: string;
  /** The first retry delay of a failed webhook; doubles each time. */
  retryMs: number;
  random?: () => number;
};

/** A webhook is tried this many times in all before the gateway gives up on it. */
export const WEBHOOK_ATTEMPTS = 5;

export type SandboxGateway = PaymentGateway & {
  faults: GatewayFaultControl;
  /** The app connects the webhook route here (app.inject); payments are not notified before. */
  connect(deliver: WebhookDeliver): void;
  /** Stands in for the member's bank app: pays the order, then sends the webhook (its first try awaited). */
  pay(bankCode: QrGateway, ref: string): Promise<{ paid: GatewayOrder } | { refused: PayRefusal }>;
  /** Waits for calls applied late and webhook retries still under way. */
  drain(): Promise<void>;
  close(): Promise<void>;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createSandboxGateway(opts: SandboxGatewayOptions): SandboxGateway {
  const books = createSandboxBooks(opts);
  const faults = createGatewayFaults(opts.random);
  const inFlight = new Set<Promise<unknown>>();
  const waits = new Map<NodeJS.Timeout, () => void>();
  let deliver: WebhookDeliver | null = null;
  let closed = false;

  /** A retry's back-off: cut short when the app closes. */
  function backOff(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        waits.delete(timer);
        resolve();
      }, ms);
      timer.unref();
      waits.set(timer, resolve);
    });
  }

  function track(p: Promise<unknown>) {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }

  async function run<T>(method: GatewayMethod, op: () => Promise<T>): Promise<T> {
    const { fault, delayMs } = faults.call(method);
    if (fault === 'timeout') {
      await sleep(opts.timeoutMs);
      throw new GatewayUnavailable('timeout');
    }
    if (fault === 'error5xx') throw new GatewayUnavailable('HTTP 503 from gateway');
    if (fault === 'slow' && delayMs >= opts.timeoutMs) {
      // The request reaches the gateway after the merchant gave up: applied late, answer lost.
      track(
        sleep(delayMs)
          .then(op)
          .catch(() => undefined),
      );
      await sleep(opts.timeoutMs);
      throw new GatewayUnavailable('timeout');
    }
    if (fault === 'slow') await sleep(delayMs);
    try {
      return await op();
    } catch (err) {
      throw new GatewayUnavailable(`gateway error: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** One delivery try; true when the merchant answered 2xx. */
  async function attempt(bankCode: QrGateway, rawBody: string): Promise<boolean> {
    if (!deliver || closed) return false;
    try {
      const res = await deliver(bankCode, signedHeaders(opts.webhookSecret, rawBody, opts.now()), rawBody);
      return res.statusCode >= 200 && res.statusCode < 300;
    } catch {
      return false;
    }
  }

  async function retry(bankCode: QrGateway, rawBody: string, tried: number) {
    for (let n = tried; n < WEBHOOK_ATTEMPTS && !closed; n++) {
      await backOff(opts.retryMs * 2 ** (n - 1));
      if (await attempt(bankCode, rawBody)) return;
    }
  }

  async function notify(order: GatewayOrder) {
    const body: GatewayWebhookBody = {
      ref: order.ref,
      merchantRef: order.merchantRef,
      amount: fromMinor(order.amount, 'BAHT'),
      status: 'PAID',
      paidAt: (order.paidAt ?? opts.now()).toISOString(),
    };
    const rawBody = JSON.stringify(body);
    const fault = faults.webhook();
    if (fault === 'drop') return;
    if (fault === 'duplicate') {
      const [first, second] = await Promise.all([attempt(order.bankCode, rawBody), attempt(order.bankCode, rawBody)]);
      if (!first && !second) track(retry(order.bankCode, rawBody, 1));
      return;
    }
    const delivered = fault === 'fail' ? false : await attempt(order.bankCode, rawBody);
    if (!delivered) track(retry(order.bankCode, rawBody, 1));
  }

  return {
    faults,
    connect(fn) {
      deliver = fn;
    },
    createOrder: (input) => run('createOrder', () => books.create(input)),
    getOrder: (bankCode, ref) => run('getOrder', () => books.get(bankCode, ref)),
    cancelOrder: (bankCode, ref) => run('cancelOrder', () => books.cancel(bankCode, ref)),
    async pay(bankCode, ref) {
      const result = await books.pay(bankCode, ref);
      if ('paid' in result) await notify(result.paid);
      return result;
    },
    async drain() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    async close() {
      closed = true;
      for (const [timer, resolve] of waits) {
        clearTimeout(timer);
        resolve();
      }
      waits.clear();
      await this.drain();
    },
  };
}
