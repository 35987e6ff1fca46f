// The sandbox gateway's own books (table sandbox_gateway_orders): orders it issued, each a dynamic
// Thai QR Payment (PromptPay bill payment, EMVCo with CRC) for the exact amount, payable until it
// expires. Each state change is one guarded UPDATE, so a payment and a cancel cannot both win.
import { randomBytes } from 'node:crypto';
import type { QrGateway } from '@krapao/contracts/deposit';
import { fromMinor } from '@krapao/contracts/money';
import { and, eq, gt } from 'drizzle-orm';
import { billPayment } from 'promptparse/generate';
import type { Db } from '../../db/client.ts';
import { sandboxGatewayOrders } from '../../db/schema/deposits.ts';
import type { CreateOrderInput, GatewayOrder, GatewayOrderStatus } from './gateway.port.ts';

/** The biller suffix each sandbox gateway adds to the house's tax id (a 15-digit biller id). */
const BILLER_SUFFIX: Record<QrGateway, string> = { KBANK: '01', WW: '02', PAYTIMZ: '03' };
const REF_PREFIX: Record<QrGateway, string> = { KBANK: 'KB', WW: 'WW', PAYTIMZ: 'PZ' };

export type SandboxBooksOptions = { db: Db; now: () => Date; ttlSeconds: number; billerTaxId: string };

type Row = typeof sandboxGatewayOrders.$inferSelect;

/** Why a payment was refused: the bank app shows it and nothing moves. */
export type PayRefusal = 'NOT_FOUND' | 'PAID' | 'CANCELLED' | 'EXPIRED';

export function createSandboxBooks(opts: SandboxBooksOptions) {
  const { db } = opts;

  function toOrder(row: Row, now: Date): GatewayOrder {
    const lapsed = row.status === 'OPEN' && row.expireAt.getTime() <= now.getTime();
    return {
      bankCode: row.bankCode as QrGateway,
      ref: row.ref,
      merchantRef: row.merchantRef,
      amount: row.amount,
      payload: row.payload,
      status: lapsed ? 'EXPIRED' : (row.status as GatewayOrderStatus),
      expireAt: row.expireAt,
      paidAt: row.paidAt,
    };
  }

  async function find(bankCode: QrGateway, ref: string): Promise<Row | null> {
    const [row] = await db
      .select()
      .from(sandboxGatewayOrders)
      .where(and(eq(sandboxGatewayOrders.ref, ref), eq(sandboxGatewayOrders.bankCode, bankCode)));
    return row ?? null;
  }

  /** A guarded move out of OPEN while the order is still payable; null when it was not OPEN. */
  async function moveFromOpen(bankCode: QrGateway, ref: string, set: Partial<Row>, now: Date) {
    const [row] = await db
      .update(sandboxGatewayOrders)
      .set(set)
      .where(
        and(
          eq(sandboxGatewayOrders.ref, ref),
          eq(sandboxGatewayOrders.bankCode, bankCode),
          eq(sandboxGatewayOrders.status, 'OPEN'),
          gt(sandboxGatewayOrders.expireAt, now),
        ),
      )
      .returning();
    return row ?? null;
  }

  return {
    async create(input: CreateOrderInput): Promise<GatewayOrder> {
      const now = opts.now();
      const ref = `${REF_PREFIX[input.bankCode]}${randomBytes(9).toString('hex').toUpperCase()}`;
      const payload = billPayment({
        billerId: `${opts.billerTaxId}${BILLER_SUFFIX[input.bankCode]}`,
        amount: fromMinor(input.amount, 'BAHT'),
        ref1: ref,
      });
      const [row] = await db
        .insert(sandboxGatewayOrders)
        .values({
          ref,
          bankCode: input.bankCode,
          merchantRef: input.merchantRef,
          amount: input.amount,
          payload,
          status: 'OPEN',
          expireAt: new Date(now.getTime() + opts.ttlSeconds * 1000),
          createdAt: now,
        })
        .returning();
      return toOrder(row!, now);
    },

    async get(bankCode: QrGateway, ref: string): Promise<GatewayOrder | null> {
      const row = await find(bankCode, ref);
      return row ? toOrder(row, opts.now()) : null;
    },

    async cancel(bankCode: QrGateway, ref: string): Promise<GatewayOrder | null> {
      const now = opts.now();
      const cancelled = await moveFromOpen(bankCode, ref, { status: 'CANCELLED' }, now);
      if (cancelled) return toOrder(cancelled, now);
      const row = await find(bankCode, ref);
      return row ? toOrder(row, now) : null;
    },

    /** The member's bank app pays the order: PAID once, or the reason it was refused. */
    async pay(bankCode: QrGateway, ref: string): Promise<{ paid: GatewayOrder } | { refused: PayRefusal }> {
      const now = opts.now();
      const paid = await moveFromOpen(bankCode, ref, { status: 'PAID', paidAt: now }, now);
      if (paid) return { paid: toOrder(paid, now) };
      const row = await find(bankCode, ref);
      if (!row) return { refused: 'NOT_FOUND' };
      return { refused: toOrder(row, now).status as PayRefusal };
    },
  };
}
export type SandboxBooks = ReturnType<typeof createSandboxBooks>;
