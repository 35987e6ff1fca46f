// GET /api/wallet and the balance refresh of the home load (docs/product.md §2.5).
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import type { TSlot, TWalletResponse } from '@krapao/contracts/wallet';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { createMemberRepository } from '../account/index.ts';
import { createGameCatalog, type Game } from '../games/index.ts';
import { createLedger } from '../ledger/index.ts';
import { createSettingsRepository } from '../lookup/index.ts';
import { createTurnover, REFRESH_SYNC_AFTER_MS } from '../turnover/index.ts';
import { createGameResults } from './game-results.ts';
import { createWalletHotPath } from './wallet.hot-path.ts';

/**
 * The credit-condition engine (modules/bonus), given by whoever builds the service: a refresh ends a
 * condition that the new balance decides. Passed in, so the wallet does not import the engine that
 * itself moves money through the wallet.
 */
export type WalletConditions = { evaluate(memberId: number): Promise<unknown> };

export function createWalletService(ctx: AppContext, conditions: WalletConditions) {
  const ledger = createLedger(ctx);
  const catalog = createGameCatalog(ctx);
  const members = createMemberRepository(ctx.db);
  const settings = createSettingsRepository(ctx.db);
  const gameResults = createGameResults(ctx, ledger);
  const hot = createWalletHotPath(ctx.db);
  const turnover = createTurnover(ctx);

  async function slots(memberId: number, currency: Currency): Promise<TSlot[]> {
    const [games, accounts] = await Promise.all([catalog.allGames(), ledger.memberAccounts(memberId)]);
    return slotsOf(games, new Map(accounts.map((a) => [a.code, a.balance])), currency);
  }

  /**
   * The games listed to the member: every game on or under maintenance, and a game turned off only
   * where the member has an account in it (flagged isOff), so money left there can still come out.
   */
  function slotsOf(games: Game[], balances: Map<string, bigint>, currency: Currency): TSlot[] {
    return games
      .filter((g) => g.isEnabled || balances.has(g.code))
      .map((g) => ({
        code: g.code,
        name: g.name,
        category: g.category,
        logo: g.logo,
        background: g.background,
        amount: fromMinor(balances.get(g.code) ?? 0n, currency),
        isActive: balances.has(g.code),
        ftWalletSlot: Number(g.ftWalletSlot),
        web: g.web,
        android: g.android,
        ios: g.ios,
        ...(g.maintenanceMessage === null ? {} : { maintenanceMessage: g.maintenanceMessage }),
        ...(g.isEnabled ? {} : { isOff: true as const }),
      }));
  }

  return {
    async wallet(memberId: number): Promise<TWalletResponse> {
      // The member, the bank account and every ledger balance in one query, beside the games and the
      // invite setting: three statements at once instead of six one after another (decision 031).
      const [view, invite, games] = await Promise.all([
        hot.walletView(memberId),
        settings.get('invite'),
        catalog.allGames(),
      ]);
      if (!view) throw new AppError('invalid-token');
      const { member, bank } = view;
      const currency = member.currency as Currency;
      const balances = view.balances;
      const wallet = balances.has('WALLET') ? { balance: balances.get('WALLET')! } : null;
      const gameSlots = slotsOf(games, balances, currency);
      return {
        profile: { name: member.name, username: member.username, _id: String(member.id), coin: member.coin },
        bankAccount: bank && {
          bank: { nameTH: bank.nameTH, nameEN: bank.nameEN },
          bankCode: bank.bankCode,
          bankAccountName: bank.accountName,
          bankAccountNo: bank.accountNo,
        },
        wallet: { amount: fromMinor(wallet?.balance ?? 0n, currency) },
        // What waits in the INVITE account (never counted in the wallet or game totals).
        invite: {
          amount: fromMinor(balances.get('INVITE') ?? 0n, currency),
          success: invite?.success ?? 0,
          fail: invite?.fail ?? 0,
        },
        slots: gameSlots,
      };
    },

    /** Asks each provider for the member's game balances and books wins and losses. */
    async refreshSlots(memberId: number) {
      const member = await members.byId(memberId);
      if (!member) throw new AppError('invalid-token');
      const accounts = await catalog.accountsOf(memberId);
      // One slow or failing provider must not hide the others: each refresh stands alone. The
      // games' settled bets are read beside it (decision 055), unless read moments ago.
      await Promise.allSettled([
        ...[...accounts.keys()].map((code) => gameResults.book(memberId, code)),
        turnover.syncMember(memberId, { skipReadWithinMs: REFRESH_SYNC_AFTER_MS }),
      ]);
      await conditions.evaluate(memberId); // a credit condition ends on the new balance
      return { message: 'SUCCESS' as const, slots: await slots(memberId, member.currency as Currency) };
    },
  };
}
