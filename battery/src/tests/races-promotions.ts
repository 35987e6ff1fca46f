// Test 1's promotion calls: bonus activation, invite claim, cashback receive and add-to-wallet,
// coupon claim and spin. Each arms a member who may take exactly one (a fresh member where the
// promotion is once per member or period), then the burst. An endpoint not served yet is a SKIP.
import { eventually, type TestContext } from '../harness.ts';
import { newKey, type Res } from '../http.ts';
import { activate, fund, type Member, register } from '../members.ts';
import { playSession } from './abuse-money.ts';
import { beyondOne, bookedSince, GOAL_CREDIT, marker, type RaceCase } from './races.ts';

let served: Set<string> | null = null;
/** Skips the case while its endpoint is missing from the server's OpenAPI document. */
const needs = (path: string) => async (ctx: TestContext) => {
  served ??= new Set(Object.keys((await ctx.api.get('/api/docs/json')).body?.paths ?? {}));
  return served.has(path) ? null : `${path} is not served yet`;
};

const ok = (r: Res) => r.status === 200;
const trials = (s: { doubleSpendTrials: number }) => s.doubleSpendTrials;

/** A member who lost `loss` baht of a `deposit` at JOKER in the last closed cashback period (yesterday). */
export async function loserOfYesterday(ctx: TestContext, loss: number, deposit = 100): Promise<Member> {
  const m = await register(ctx.api);
  await fund(ctx.api, m, deposit);
  const { username } = await activate(ctx.api, m, 'JOKER');
  const moved = await ctx.api.post(
    '/api/wallet/transfer',
    { from: 'WALLET', to: 'JOKER', amount: deposit },
    { token: m.token, key: newKey() },
  );
  if (moved.status !== 200) throw new Error(`transfer: ${moved.text}`);
  // The member plays and loses at the provider; the refresh books the loss as a game result…
  await ctx.sql('update demo_provider_players set balance = balance - $1 where game_code = $2 and username = $3', [
    loss * 100,
    'JOKER',
    username,
  ]);
  await ctx.api.get('/api/wallet/refresh/slot', { token: m.token });
  // …which happened yesterday, in the period cashback pays for.
  await ctx.sql(
    `update ledger_transactions set created_at = created_at - interval '1 day' where member_id = $1 and type = 'GAME_RESULT'`,
    [m.id],
  );
  return m;
}

const bonusActivation: RaceCase = {
  name: 'bonus activation',
  goal: GOAL_CREDIT,
  excessWord: 'created',
  trials,
  skip: needs('/api/bonus/activate/{code}'),
  async setup(ctx) {
    return {
      async arm() {
        // WELCOME is once per member: a fresh member with a first deposit that qualifies.
        const m = await register(ctx.api);
        await fund(ctx.api, m, 100);
        const since = await marker(ctx);
        return {
          fire: () => ctx.api.get('/api/bonus/activate/WELCOME', { token: m.token, key: newKey('bonus') }),
          excess: async () => beyondOne(await bookedSince(ctx, m.id, 'BONUS', since)),
        };
      },
    };
  },
  isSuccess: ok,
};

const inviteClaim: RaceCase = {
  name: 'invite claim',
  goal: GOAL_CREDIT,
  excessWord: 'created',
  trials,
  skip: needs('/api/invite/bonus'),
  async setup(ctx) {
    return {
      async arm() {
        // A referrer whose invitee deposited and played: one share waits to be claimed.
        const referrer = await register(ctx.api);
        const invitee = await register(ctx.api, { inviteCode: `PR${referrer.id}` });
        await fund(ctx.api, invitee, 500);
        const session = await playSession(ctx, invitee);
        await ctx.api.post(
          '/api/wallet/transfer',
          { from: 'WALLET', to: 'JOKER', amount: 100 },
          { token: invitee.token, key: newKey() },
        );
        // The share (1 %: 1.00 baht, the claim's minimum) vests on the invitee's bets once the
        // provider reports them (decision 055).
        await ctx.api.post('/demo-provider/api/spin', { amount: 100 }, { headers: { 'x-demo-session': session } });
        const vested = await eventually(
          async () => {
            await ctx.api.get('/api/wallet/withdraw/review', { token: invitee.token });
            return ((await ctx.api.get('/api/wallet', { token: referrer.token })).body?.invite?.amount ?? 0) > 0;
          },
          15_000,
          300,
        );
        if (!vested) throw new Error("the invitee's bet earned the referrer no share");
        const since = await marker(ctx);
        return {
          fire: () => ctx.api.get('/api/invite/bonus', { token: referrer.token, key: newKey('invite') }),
          excess: async () => beyondOne(await bookedSince(ctx, referrer.id, 'BONUS', since)),
        };
      },
    };
  },
  isSuccess: ok,
};

const refundReceive: RaceCase = {
  name: 'cashback receive',
  goal: GOAL_CREDIT,
  excessWord: 'created',
  trials,
  skip: needs('/api/refund/receive'),
  async setup(ctx) {
    return {
      async arm() {
        const m = await loserOfYesterday(ctx, 60);
        const since = await marker(ctx);
        return {
          fire: () => ctx.api.get('/api/refund/receive', { token: m.token, key: newKey('refund') }),
          excess: async () => beyondOne(await bookedSince(ctx, m.id, 'REFUND', since)),
        };
      },
    };
  },
  isSuccess: ok,
};

const refundAddWallet: RaceCase = {
  name: 'cashback add to wallet',
  goal: GOAL_CREDIT,
  excessWord: 'created',
  trials,
  skip: needs('/api/refund/addWallet'),
  async setup(ctx) {
    return {
      async arm() {
        const m = await loserOfYesterday(ctx, 60);
        const received = await ctx.api.get('/api/refund/receive', { token: m.token, key: newKey() });
        if (received.status !== 200) throw new Error(`cashback receive: ${received.text}`);
        const since = await marker(ctx);
        return {
          fire: () => ctx.api.get('/api/refund/addWallet', { token: m.token, key: newKey('refund-add') }),
          excess: async () => beyondOne(await bookedSince(ctx, m.id, 'BONUS', since)),
        };
      },
    };
  },
  isSuccess: ok,
};

/**
 * Coins for a race on spending them. Coins vest on played-through deposits (decision 055, tested
 * in section 11); here the subject is the spend, so they are given as the vesting would.
 */
export async function giveCoins(ctx: TestContext, m: Member, coins: number): Promise<void> {
  await ctx.sql('update members set coin = coin + $2 where id = $1', [m.id, coins]);
}

/** Spins until a prize becomes a coupon. */
export async function couponOf(ctx: TestContext, m: Member): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const spin = await ctx.api.post('/api/spinwheel/spin', undefined, { token: m.token, key: newKey('spin') });
    if (spin.status === 200 && spin.body.coupon) return spin.body.coupon as string;
    if (spin.status !== 200) await giveCoins(ctx, m, 5);
  }
  throw new Error('no coupon after 200 spins');
}

const couponClaim: RaceCase = {
  name: 'coupon claim',
  goal: GOAL_CREDIT,
  excessWord: 'created',
  trials,
  skip: needs('/api/spinwheel/coupon/claim'),
  async setup(ctx) {
    const m = await register(ctx.api);
    await fund(ctx.api, m, 1000);
    return {
      async arm() {
        // The last trial's claim put the member under its coupon condition: cancelled, the coupon goes back.
        await ctx.api.get('/api/bonus/clear', { token: m.token, key: newKey('clear') });
        const coupon = await couponOf(ctx, m);
        const since = await marker(ctx);
        return {
          fire: () => ctx.api.post('/api/spinwheel/coupon/claim', { coupon }, { token: m.token, key: newKey('claim') }),
          // A claim is a grant under a coupon condition: a BONUS row naming the coupon.
          excess: async () => beyondOne(await bookedSince(ctx, m.id, 'BONUS', since, "and metadata ? 'couponId'")),
        };
      },
    };
  },
  isSuccess: ok,
};

const spin: RaceCase = {
  name: 'spin (one coin)',
  goal: 'all trials exactly one; 0 coins overspent',
  excessWord: 'overdrawn',
  unit: 'coins',
  trials,
  skip: needs('/api/spinwheel/spin'),
  async setup(ctx) {
    const m = await register(ctx.api);
    return {
      async arm() {
        await giveCoins(ctx, m, 1);
        const coins = (await ctx.api.get('/api/spinwheel/setup', { token: m.token })).body?.userCoin;
        if (coins !== 1) throw new Error(`expected one coin before the burst, the member has ${coins}`);
        const [row] = await ctx.sql<{ id: string }>('select coalesce(max(id), 0)::text as id from spins');
        return {
          fire: () => ctx.api.post('/api/spinwheel/spin', undefined, { token: m.token, key: newKey('spin') }),
          async excess() {
            const [spins] = await ctx.sql<{ n: number }>(
              'select count(*)::int as n from spins where member_id = $1 and id > $2',
              [m.id, row!.id],
            );
            const left = (await ctx.api.get('/api/spinwheel/setup', { token: m.token })).body?.userCoin as number;
            return { rows: spins!.n, minor: BigInt(Math.max(0, spins!.n - 1) + Math.max(0, -left)) };
          },
        };
      },
    };
  },
  isSuccess: ok,
};

export const PROMOTION_RACES: RaceCase[] = [
  bonusActivation,
  inviteClaim,
  refundReceive,
  refundAddWallet,
  couponClaim,
  spin,
];
