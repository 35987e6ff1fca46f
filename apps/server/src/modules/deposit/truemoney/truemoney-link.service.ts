// POST /api/wallet/truelink (docs/product.md §3.3, decision 045): a member sends a TrueMoney gift link; we
// redeem the voucher into the house wallet and credit the member once. Every refusal happens before
// the redeem, so a refused link stays usable. After a redeem nothing is ever lost: the voucher row
// knows which member redeemed it, and the sweep credits any redeemed voucher this route did not.
import { TRUE_WALLET_MIN_DEPOSIT } from '@krapao/contracts/constants';
import { AUTO_MODE, GIFT_MODE, TRUELINK_PASSPHRASE, type TTruelinkResponse } from '@krapao/contracts/deposit';
import { fromMinor, toMinor } from '@krapao/contracts/money';
import {
  type TruemoneyAdapter,
  TruemoneyUnavailable,
  type Voucher,
} from '../../../adapters/truemoney/truemoney.port.ts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordCallFailure } from '../../../lib/party-failures.ts';
import { createLookupService } from '../../lookup/index.ts';
import { askDeposit, assertNotExcluded, releaseDepositHold } from '../../protection/index.ts';
import { assertDepositAllowed, minimumDeposit } from '../deposit-rules.ts';
import { HOUSE_TRUEMONEY_WALLET } from '../seed-deposit.ts';
import { createTruemoneyRepository, TRUEMONEY_SOURCE, voucherReference } from './truemoney.repository.ts';
import { createTruemoneyCredit, TRUEMONEY_CURRENCY } from './truemoney-credit.ts';
import { decryptTruemoneyLink, voucherOfGiftLink } from './truemoney-link-crypto.ts';

const invalid = (details?: Record<string, unknown>) => new AppError('TRUELINK_INVALID', details);
const duplicate = () => new AppError('TRUELINK_DUPLICATE');
/** TrueMoney gave no definite answer and the voucher is not (yet) known to be ours: try again later. */
const unavailable = () => new AppError('INTERNAL_SERVER_ERROR', { reason: 'truemoney-unavailable' });

/** Our member id as carried by the redeem call and kept on the voucher. */
export const redeemerRef = (memberId: number) => String(memberId);

export function createTruemoneyLinkService(ctx: AppContext) {
  const truemoney: TruemoneyAdapter = ctx.payments.truemoney;
  const lookup = createLookupService(ctx);
  const repo = createTruemoneyRepository(ctx.db);
  const credits = createTruemoneyCredit(ctx);

  async function verify(hash: string): Promise<Voucher | null> {
    try {
      return await truemoney.verify(hash);
    } catch (err) {
      void recordCallFailure(ctx, 'truemoney', err);
      if (err instanceof TruemoneyUnavailable) throw unavailable();
      throw err;
    }
  }

  /** Credits a voucher this member redeemed; `fresh` when the redeem was this very request's. */
  async function creditRedeemed(memberId: number, hash: string, amount: bigint, fresh: boolean) {
    const result = await credits.credit(memberId, { kind: 'VOUCHER', ref: hash, amount });
    // Not credited here: another submission of the link (or the sweep) credited it first.
    if (!result.credited && (!fresh || result.byMemberId !== memberId)) throw duplicate();
    return { message: 'SUCCESS' as const, amount: fromMinor(amount, TRUEMONEY_CURRENCY) };
  }

  /** The redeem got no answer: whether it went through decides between crediting and "try again". */
  async function afterNoAnswer(memberId: number, hash: string) {
    const voucher = await truemoney.verify(hash).catch(() => null);
    if (voucher?.status === 'REDEEMED' && voucher.redeemedBy === redeemerRef(memberId)) {
      return creditRedeemed(memberId, hash, voucher.amount, true);
    }
    // Not redeemed, or unknown: nothing is credited now; a redeem that lands late is credited by the sweep.
    throw unavailable();
  }

  return {
    async submit(memberId: number, link: string): Promise<TTruelinkResponse> {
      const plain = decryptTruemoneyLink(link, TRUELINK_PASSPHRASE);
      const hash = plain === null ? null : voucherOfGiftLink(plain);
      if (!hash) throw invalid();
      const deposit = await lookup.deposit();
      const gift = deposit.wallets.find((w) => w.mode === GIFT_MODE);
      if (!gift) throw invalid();
      const member = await repo.memberById(ctx.db, memberId);
      if (member?.currency !== TRUEMONEY_CURRENCY) throw invalid();
      await assertDepositAllowed(ctx, memberId);
      await assertNotExcluded(ctx.db, memberId, ctx.now());
      if (await repo.voucherClaimed(hash)) throw duplicate();

      const voucher = await verify(hash);
      if (!voucher || voucher.status === 'EXPIRED') throw invalid();
      if (voucher.status === 'REDEEMED') {
        // Ours, with the answer lost earlier: credit it now (else the sweep would). Anyone else's: used.
        if (voucher.redeemedBy !== redeemerRef(memberId)) throw duplicate();
        return creditRedeemed(memberId, hash, voucher.amount, false);
      }
      // Before redeeming: a voucher below the minimum stays with its owner.
      let minimum = toMinor(TRUE_WALLET_MIN_DEPOSIT, TRUEMONEY_CURRENCY);
      const lookupMinimum = await minimumDeposit(ctx, TRUEMONEY_CURRENCY);
      if (lookupMinimum > minimum) minimum = lookupMinimum;
      if (voucher.amount < minimum) throw invalid({ minimum: fromMinor(minimum, TRUEMONEY_CURRENCY) });

      // Excluded, or the voucher past a deposit limit: refused while the member still holds it. The
      // hold stays only while a redeem without an answer may still land (the sweep credits it then).
      const ask = { amount: voucher.amount, channel: 'TRUEMONEY', openQr: true };
      const reference = voucherReference(hash);
      const hold = await askDeposit(ctx.db, memberId, { ...ask, source: TRUEMONEY_SOURCE, reference }, ctx.now());
      let keepHold = false;
      try {
        const auto = deposit.wallets.find((w) => w.mode === AUTO_MODE);
        const housePhone = gift.walletAccountNo || auto?.walletAccountNo || HOUSE_TRUEMONEY_WALLET;
        let redeemed: Awaited<ReturnType<TruemoneyAdapter['redeem']>>;
        try {
          redeemed = await truemoney.redeem(hash, housePhone, redeemerRef(memberId));
        } catch (err) {
          void recordCallFailure(ctx, 'truemoney', err);
          keepHold = err instanceof TruemoneyUnavailable;
          if (err instanceof TruemoneyUnavailable) return await afterNoAnswer(memberId, hash);
          throw err;
        }
        switch (redeemed.outcome) {
          case 'REDEEMED':
            return await creditRedeemed(memberId, hash, redeemed.amount, true);
          case 'ALREADY_REDEEMED':
            throw duplicate();
          default:
            throw invalid();
        }
      } finally {
        if (hold !== null && !keepHold) await releaseDepositHold(ctx.db, hold);
      }
    },
  };
}
