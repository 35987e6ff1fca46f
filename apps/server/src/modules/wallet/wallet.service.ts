// GET /api/wallet and the balance refresh of the home load (docs/product.md §2.5).
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import type { TSlot, TWalletResponse } from '@krapao/contracts/wallet';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { onMemberChange } from '../../lib/member-changes.ts';
import { createMemberRepository } from '../account/index.ts';
import { createGameCatalog, type Game } from '../games/index.ts';
import { createLedger } from '../ledger/index.ts';
import { createSettingsRepository, type SiteSettings } from '../lookup/index.ts';
import { createTurnover, REFRESH_SYNC_AFTER_MS } from '../turnover/index.ts';
import { createGameResults } from './game-results.ts';
import { createWalletHotPath, type WalletView } from './wallet.hot-path.ts';
import { createWalletViewCache, type WalletViewCache } from './wallet-view-cache.ts';

/**
 * The credit-condition engine (modules/bonus), given by whoever builds the service: a refresh ends a
 * condition that the new balance decides. Passed in, so the wallet does not import the engine that
 * itself moves money through the wallet.
 */
export type WalletConditions = { evaluate(memberId: number): Promise<unknown> };

function slotOf(g: Game, amount: number, isActive: boolean): TSlot {
  return {
    code: g.code,
    name: g.name,
    category: g.category,
    logo: g.logo,
    background: g.background,
    amount,
    isActive,
    ftWalletSlot: Number(g.ftWalletSlot),
    web: g.web,
    android: g.android,
    ios: g.ios,
    ...(g.maintenanceMessage === null ? {} : { maintenanceMessage: g.maintenanceMessage }),
    ...(g.isEnabled ? {} : { isOff: true as const }),
  };
}

const viewCaches = new WeakMap<AppContext, { cache: WalletViewCache; stopListening: () => void }>();

/** The app context's one wallet view cache (wallet-view-cache.ts), dropping what every committed member change names. */
export function walletViewCacheOf(ctx: AppContext): WalletViewCache {
  const known = viewCaches.get(ctx);
  if (known) return known.cache;
  const cache = createWalletViewCache({
    ttlMs: ctx.config.WALLET_CACHE_MS,
    max: ctx.config.WALLET_CACHE_MAX,
    redisUrl: ctx.config.REDIS_URL,
    channel: `${ctx.config.REDIS_PREFIX}wallet:changed`,
  });
  const stopListening = onMemberChange(ctx.db, (change) => cache.changed(change));
  viewCaches.set(ctx, { cache, stopListening });
  return cache;
}

/** Closes the app context's wallet view cache and stops it hearing the database handle's changes. */
export async function closeWalletViewCacheOf(ctx: AppContext): Promise<void> {
  const known = viewCaches.get(ctx);
  if (!known) return;
  viewCaches.delete(ctx);
  known.stopListening();
  await known.cache.close();
}

export function createWalletService(ctx: AppContext, conditions: WalletConditions) {
  const ledger = createLedger(ctx);
  const catalog = createGameCatalog(ctx);
  const members = createMemberRepository(ctx.db);
  const settings = createSettingsRepository(ctx.db);
  const gameResults = createGameResults(ctx, ledger);
  const hot = createWalletHotPath(ctx.db);
  const views = walletViewCacheOf(ctx);
  const turnover = createTurnover(ctx);
  const idleSlots = new WeakMap<Game, TSlot>();

  async function slots(memberId: number, currency: Currency): Promise<TSlot[]> {
    const [games, accounts] = await Promise.all([catalog.allGames(), ledger.memberAccounts(memberId)]);
    return slotsOf(games, new Map(accounts.map((a) => [a.code, a.balance])), currency);
  }

  /**
   * The games listed to the member: every game on or under maintenance, and a game turned off only
   * where the member has an account in it (flagged isOff), so money left there can still come out.
   */
  function slotsOf(games: Game[], balances: Map<string, bigint>, currency: Currency): TSlot[] {
    const slots: TSlot[] = [];
    for (const g of games) {
      const balance = balances.get(g.code);
      if (balance !== undefined) slots.push(slotOf(g, fromMinor(balance, currency), true));
      else if (g.isEnabled) slots.push(idleSlotOf(g));
    }
    return slots;
  }

  /**
   * A game the member has no account in reads the same for every member: one frozen slot per game of
   * each catalogue load, which the response serializer writes once (lib/response-serializer.ts).
   */
  function idleSlotOf(g: Game): TSlot {
    let slot = idleSlots.get(g);
    if (!slot) {
      slot = Object.freeze(slotOf(g, 0, false));
      idleSlots.set(g, slot);
    }
    return slot;
  }

  /** The wire answer of GET /api/wallet (docs/product.md §2.5) from the view, the setting and the games. */
  function answerOf(view: WalletView, invite: SiteSettings['invite'] | undefined, games: Game[]): TWalletResponse {
    const { member, bank, balances } = view;
    const currency = member.currency as Currency;
    return {
      profile: { name: member.name, username: member.username, _id: String(member.id), coin: member.coin },
      bankAccount: bank && {
        bank: { nameTH: bank.nameTH, nameEN: bank.nameEN },
        bankCode: bank.bankCode,
        bankAccountName: bank.accountName,
        bankAccountNo: bank.accountNo,
      },
      wallet: { amount: fromMinor(balances.get('WALLET') ?? 0n, currency) },
      // What waits in the INVITE account (never counted in the wallet or game totals).
      invite: {
        amount: fromMinor(balances.get('INVITE') ?? 0n, currency),
        success: invite?.success ?? 0,
        fail: invite?.fail ?? 0,
      },
      slots: slotsOf(games, balances, currency),
    };
  }

  /** The member's view from the cache, or read and kept unless a change came in meanwhile. */
  async function viewOf(memberId: number): Promise<WalletView | null> {
    const cached = views.get(memberId);
    ctx.metrics?.walletView(cached ? 'hit' : 'miss');
    if (cached) return cached;
    const since = views.begin();
    const view = await hot.walletView(memberId);
    if (view) views.set(memberId, view, since);
    return view;
  }

  return {
    /** GET /api/wallet for a member whose session is already verified. */
    async wallet(memberId: number): Promise<TWalletResponse> {
      // The member, the bank account and every ledger balance from the view cache or in one
      // statement; the games and the invite setting come from their one-second caches (decisions
      // 031, 035, 120).
      const [view, invite, games] = await Promise.all([viewOf(memberId), settings.get('invite'), catalog.allGames()]);
      if (!view) throw new AppError('invalid-token');
      return answerOf(view, invite, games);
    },

    /**
     * GET /api/wallet for a token this instance has not verified lately: the session check and the
     * view in one statement. Null when the token has no live session.
     */
    async walletByToken(tokenHash: string, now: Date) {
      ctx.metrics?.walletView('miss');
      const since = views.begin();
      const [found, invite, games] = await Promise.all([
        hot.walletByToken(tokenHash, now),
        settings.get('invite'),
        catalog.allGames(),
      ]);
      if (!found) return null;
      views.set(found.session.memberId, found.view, since);
      return { session: found.session, value: answerOf(found.view, invite, games) };
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
