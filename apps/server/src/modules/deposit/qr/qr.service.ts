// QR deposits (docs/product.md §3.3, decision 042): a member holds at most one OPEN QR, at one gateway. Creating
// one first cancels the member's open QR at the gateway (so it can no longer take money), then asks
// the gateway for a new order and stores it; the unique index qr_codes_one_open_key settles a race.
import { randomBytes } from 'node:crypto';
import type { Currency } from '@krapao/contracts/constants';
import { isQrGateway, PAYMENT_BANK_TYPE, type QrGateway, qrMinimum, type TQrState } from '@krapao/contracts/deposit';
import { fromMinor, toMinor } from '@krapao/contracts/money';
import type { GatewayOrder } from '../../../adapters/gateway/gateway.port.ts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordCallFailure } from '../../../lib/party-failures.ts';
import { createMemberRepository } from '../../account/index.ts';
import { createLookupService } from '../../lookup/index.ts';
import { askDeposit, releaseDepositHold } from '../../protection/index.ts';
import { assertDepositAllowed, depositAmountOf } from '../deposit-rules.ts';
import { createQrRepository, isOneOpenConflict } from './qr.repository.ts';
import { createQrSettlement } from './qr-settlement.ts';
import { NO_QR, qrState } from './qr-state.ts';

/** Rounds of cancel-then-insert a create may take while parallel creates of the same member race. */
const CREATE_ATTEMPTS = 3;

/** A refused QR call: the catalogue code with hasQrcode false, at `status` (QR_FAIL alone is a 502). */
export class QrRefused extends AppError {
  override readonly statusCode: number;
  constructor(code: AppError['code'], status: number, details: Record<string, unknown> = {}) {
    super(code, { ...details, hasQrcode: false });
    this.statusCode = status;
  }
}

/** Every AppError of a QR call answers with hasQrcode false (a failed create). */
function asRefusal(err: unknown): unknown {
  if (err instanceof AppError && !(err instanceof QrRefused))
    return new QrRefused(err.code, err.statusCode, err.details);
  return err;
}

export function createQrService(ctx: AppContext) {
  const repo = createQrRepository(ctx.db);
  const members = createMemberRepository(ctx.db);
  const lookup = createLookupService(ctx);
  const settlement = createQrSettlement(ctx);
  const enabled = new Set(ctx.config.QR_GATEWAYS.split(',').map((c) => c.trim()));

  /** A gateway the member may create a QR at, and the currency it takes (the member's). */
  async function gatewayFor(memberId: number, bankCode: string): Promise<{ code: QrGateway; currency: Currency }> {
    const invalid = () => new AppError('KEY_INVALID', { fields: ['bankCode'] });
    if (!isQrGateway(bankCode) || !enabled.has(bankCode)) throw invalid();
    const { banks } = await lookup.deposit();
    const entry = banks.find((b) => b.bankCode === bankCode && b.bankType === PAYMENT_BANK_TYPE);
    const member = await members.byId(memberId);
    if (!entry || !member) throw invalid();
    if (member.currency !== entry.currency) throw invalid();
    return { code: bankCode, currency: entry.currency };
  }

  /** The amount in minor units, at or above the deposit and gateway minimums (else 400 QR_FAIL). */
  async function amountOf(code: QrGateway, amount: number, currency: Currency): Promise<bigint> {
    let minor: bigint;
    try {
      minor = await depositAmountOf(ctx, amount, currency, 'QR_FAIL');
    } catch (err) {
      if (err instanceof AppError && err.code === 'QR_FAIL') throw new QrRefused('QR_FAIL', 400, err.details);
      throw err;
    }
    const minimum = toMinor(qrMinimum(code, ctx.config.QR_PAYTIMZ_MINIMUM), currency);
    if (minor < minimum) throw new QrRefused('QR_FAIL', 400, { minimum: fromMinor(minimum, currency) });
    if (minor > toMinor(ctx.config.QR_MAXIMUM, currency))
      throw new QrRefused('QR_FAIL', 400, { maximum: ctx.config.QR_MAXIMUM });
    return minor;
  }

  async function orderAt(code: QrGateway, merchantRef: string, amount: bigint): Promise<GatewayOrder> {
    try {
      return await ctx.payments.gateway.createOrder({ bankCode: code, merchantRef, amount });
    } catch (err) {
      void recordCallFailure(ctx, 'gateway', err, code);
      throw new AppError('QR_FAIL');
    }
  }

  /** Our order when we could not store it: nobody saw its payload, but the gateway should not keep it open. */
  async function withdrawOrder(order: GatewayOrder) {
    await ctx.payments.gateway.cancelOrder(order.bankCode, order.ref).catch(() => null);
  }

  async function create(memberId: number, bankCode: string, amount: number): Promise<TQrState> {
    const { code, currency } = await gatewayFor(memberId, bankCode);
    await assertDepositAllowed(ctx, memberId);
    const minor = await amountOf(code, amount, currency);
    const id = randomBytes(16).toString('hex');
    // The QRs this one replaces go first: one paid meanwhile is credited by its cancel (and counts as
    // used), so the ask below may count every QR still open as asked for.
    for (const open of await repo.openOf(memberId)) await settlement.cancelOpen(open);
    // Excluded, or past a deposit limit: refused. The hold ends once the QR is stored (it counts then).
    const hold = await askDeposit(
      ctx.db,
      memberId,
      { amount: minor, channel: 'QR', source: 'QR', reference: `qr:${id}`, openQr: true },
      ctx.now(),
    );
    let order: GatewayOrder | null = null;
    try {
      for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
        for (const open of await repo.openOf(memberId)) await settlement.cancelOpen(open);
        order ??= await orderAt(code, id, minor);
        const now = ctx.now();
        try {
          const row = await repo.insertOpen({
            id,
            memberId,
            bankCode: code,
            amount: minor,
            currency,
            gatewayRef: order.ref,
            payload: order.payload,
            expireAt: order.expireAt,
            createdAt: now,
            updatedAt: now,
          });
          return await qrState(row);
        } catch (err) {
          // A parallel create of this member stored its QR first: cancel that one too and retry.
          if (!isOneOpenConflict(err)) throw err;
        }
      }
      throw new AppError('QR_FAIL');
    } catch (err) {
      if (order) await withdrawOrder(order);
      throw err;
    } finally {
      if (hold !== null) await releaseDepositHold(ctx.db, hold);
    }
  }

  return {
    /** The member's OPEN, unexpired QR at this gateway, or no QR. */
    async state(memberId: number, bankCode: string): Promise<TQrState> {
      return qrState(await repo.openAt(memberId, bankCode, ctx.now()));
    },

    async create(memberId: number, bankCode: string, amount: number): Promise<TQrState> {
      try {
        return await create(memberId, bankCode, amount);
      } catch (err) {
        throw asRefusal(err);
      }
    },

    /** Cancels the member's own QR (at the gateway first); another member's id is NO_DATA. */
    async cancel(memberId: number, qrcodeId: string): Promise<TQrState> {
      try {
        const qr = await repo.ofMember(memberId, qrcodeId);
        if (!qr) throw new AppError('NO_DATA');
        if (qr.status === 'OPEN') await settlement.cancelOpen(qr);
        return NO_QR;
      } catch (err) {
        throw asRefusal(err);
      }
    },
  };
}
export type QrService = ReturnType<typeof createQrService>;
