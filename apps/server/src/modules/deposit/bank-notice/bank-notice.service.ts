// POST /api/wallet/add: a member tells us of a manual bank transfer. The notice credits
// nothing by itself; the bank-notice sweep credits the transfer it matches (decision 040).
import type { Currency } from '@krapao/contracts/constants';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { createMemberRepository } from '../../account/index.ts';
import { assertDepositAllowed, depositAmountOf } from '../deposit-rules.ts';
import { createBankNoticeRepository } from './bank-notice.repository.ts';

/** More OPEN notices than this per member are refused: each waits up to 24 h for its transfer. */
export const MAX_OPEN_NOTICES = 5;

export function createBankNotices(ctx: AppContext) {
  const members = createMemberRepository(ctx.db);
  const repo = createBankNoticeRepository(ctx.db);

  return {
    async notify(memberId: number, amount: number): Promise<{ message: 'SUCCESS' }> {
      if (!(amount > 0)) throw new AppError('KEY_INVALID', { fields: ['amount'] });
      const member = await members.byId(memberId);
      if (!member) throw new AppError('invalid-token');
      // The transfer is matched by the sending account: without a registered one nothing can match.
      if (!(await members.bankAccountOf(memberId))) throw new AppError('NO_BANK');
      await assertDepositAllowed(ctx, memberId);
      const currency = member.currency as Currency;
      const minor = await depositAmountOf(ctx, amount, currency, 'TRANSFER_MINIMUM');
      if ((await repo.openNoticeCount(memberId)) >= MAX_OPEN_NOTICES) throw new AppError('REQUEST_LIMIT');
      await repo.insertNotice(memberId, minor, currency, ctx.now());
      return { message: 'SUCCESS' };
    },
  };
}
