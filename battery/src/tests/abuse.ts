// 11. Abuse: the attacks on the house invariant (docs/product.md §4, decision 055) — a member is paid out no
// more than they paid in plus what they won at play. Each path is played as an attacker would, over
// the real API; the figure is the money paid out beyond paid in plus won, goal 0.00. Every path
// succeeded against the product before play-through (a cancel that took back only the wallet,
// house credit withdrawable at once, rewards on deposits taken straight out, limits blind to 24 h).
import { type BatteryTest, baht, eventually, line, pool, type TestContext } from '../harness.ts';
import { newKey } from '../http.ts';
import { fund, type Member, register } from '../members.ts';
import {
  cancelTrick,
  emitExcess,
  moneyOf,
  payoutsSettled,
  playThrough,
  said,
  unplayedOf,
  withdraw,
} from './abuse-money.ts';
import { loserOfYesterday } from './races-promotions.ts';

const CANCEL_TRIALS = 3;
const CLAIM_TRIALS = 2;
const SPLIT_TRIALS = 2;
/** The seeded BAHT withdrawRules: paid at once at most this much in 24 h. */
const DAILY_AUTO_AMOUNT = 10_000;

/** Runs one path `trials` times on fresh members; emits its house figure. */
async function path(
  ctx: TestContext,
  id: string,
  name: string,
  trials: number,
  trial: (notes: string[]) => Promise<Member[]>,
) {
  const ids: number[] = [];
  const notes: string[] = [];
  for (let i = 0; i < trials; i++) ids.push(...(await trial(notes)).map((m) => m.id));
  await payoutsSettled(ctx, ids);
  emitExcess(ctx, id, name, trials, await moneyOf(ctx, ids), notes);
}

/** 11.1: a free promotion credit, and a deposit bonus, taken out through a cancel. */
async function cancelTricks(ctx: TestContext) {
  await path(ctx, '11.1', 'cancel trick (KRAPAO100, WELCOME)', CANCEL_TRIALS, async (notes) => {
    const a = await register(ctx.api);
    const promo = await ctx.api.get('/api/promotion/activate/KRAPAO100', { token: a.token, key: newKey('abuse-p') });
    notes.push(`KRAPAO100 ${said(promo)}, ${await cancelTrick(ctx, a)}`);
    const b = await register(ctx.api);
    await fund(ctx.api, b, 200);
    const welcome = await ctx.api.get('/api/bonus/activate/WELCOME', { token: b.token, key: newKey('abuse-b') });
    notes.push(`WELCOME ${said(welcome)}, ${await cancelTrick(ctx, b)}`);
    return [a, b];
  });
}

/** Waits until the referrer's INVITE account holds `minor` (the share may vest on the invitee's play). */
async function inviteHolds(ctx: TestContext, referrer: Member, minor: number): Promise<boolean> {
  return eventually(async () => {
    const [row] = await ctx.sql<{ balance: string }>(
      `select coalesce(sum(balance), 0)::text as balance from ledger_accounts where member_id = $1 and code = 'INVITE'`,
      [referrer.id],
    );
    return BigInt(row!.balance) >= BigInt(minor);
  }, 8_000);
}

/** 11.2: an invite share and a cashback, each claimed into the wallet and then the cancel trick. */
async function claimTricks(ctx: TestContext) {
  await path(ctx, '11.2', 'claims + cancel trick (invite, cashback)', CLAIM_TRIALS, async (notes) => {
    // The invitee deposits and plays it all through: the referrer's share is earned by any rule.
    const referrer = await register(ctx.api);
    const invitee = await register(ctx.api, { inviteCode: `PR${referrer.id}` });
    await fund(ctx.api, invitee, 12_000);
    await playThrough(ctx, invitee, 12_000);
    const vested = await inviteHolds(ctx, referrer, 10_000);
    const claim = await ctx.api.get('/api/invite/bonus', { token: referrer.token, key: newKey('abuse-i') });
    notes.push(`invite ${vested ? '' : '(share not there) '}${said(claim)}, ${await cancelTrick(ctx, referrer)}`);

    const loser = await loserOfYesterday(ctx, 900, 1_000);
    const received = await ctx.api.get('/api/refund/receive', { token: loser.token, key: newKey('abuse-r') });
    const added = await ctx.api.get('/api/refund/addWallet', { token: loser.token, key: newKey('abuse-a') });
    notes.push(`cashback ${said(received)}/${said(added)}, ${await cancelTrick(ctx, loser)}`);
    return [referrer, invitee, loser];
  });
}

/** 11.3: coins for a deposit taken straight out, spun into coupons, claimed and withdrawn. */
async function coinChurn(ctx: TestContext) {
  await path(ctx, '11.3', 'coin churn', 1, async (notes) => {
    const m = await register(ctx.api);
    await fund(ctx.api, m, 10_000);
    const outs = [await withdraw(ctx, m, 5_000), await withdraw(ctx, m, 5_000)].map(said);
    let spins = 0;
    let stopped = '';
    const coupons: string[] = [];
    for (; spins < 500; spins++) {
      const spin = await ctx.api.post('/api/spinwheel/spin', undefined, { token: m.token, key: newKey('abuse-s') });
      if (spin.status !== 200) {
        stopped = said(spin);
        break;
      }
      if (spin.body?.coupon) coupons.push(String(spin.body.coupon));
    }
    const claims = new Map<string, number>();
    for (const coupon of coupons) {
      const r = await ctx.api.post(
        '/api/spinwheel/coupon/claim',
        { coupon },
        { token: m.token, key: newKey('abuse-c') },
      );
      claims.set(said(r), (claims.get(said(r)) ?? 0) + 1);
    }
    const claimed = [...claims.entries()].map(([k, n]) => `${k} ×${n}`).join(', ');
    // A coupon under a condition is cancelled first; without one the cancel answers NO_DATA.
    const out = await cancelTrick(ctx, m);
    notes.push(
      `withdraw 2 × 5000: ${outs.join(', ')}; ${spins} spins (then ${stopped}), ${coupons.length} coupons (${claimed}); ${out}`,
    );
    return [m];
  });
}

/** 11.4: an invitee deposits and withdraws at once; the referrer claims the share and cancels. */
async function referralChurn(ctx: TestContext) {
  await path(ctx, '11.4', 'referral churn', CLAIM_TRIALS, async (notes) => {
    const referrer = await register(ctx.api);
    const invitee = await register(ctx.api, { inviteCode: `PR${referrer.id}` });
    await fund(ctx.api, invitee, 10_000);
    const outs = [await withdraw(ctx, invitee, 5_000), await withdraw(ctx, invitee, 5_000)].map(said);
    const claim = await ctx.api.get('/api/invite/bonus', { token: referrer.token, key: newKey('abuse-i') });
    notes.push(`invitee out ${outs.join(', ')}; claim ${said(claim)}, ${await cancelTrick(ctx, referrer)}`);
    return [referrer, invitee];
  });
}

/**
 * 11.5: splitting. A deposit played through (nothing unplayed), then three withdrawals of one
 * size, two within the 24 h automatic amount and the third past it. The first, a member's first
 * withdrawal above the review threshold, waits for a person, who approves it. Figure: the money
 * paid at once beyond the daily automatic amount.
 */
async function splitting(ctx: TestContext) {
  let beyond = 0;
  let played = 0;
  const notes: string[] = [];
  for (let trial = 0; trial < SPLIT_TRIALS; trial++) {
    const m = await register(ctx.api);
    await fund(ctx.api, m, 17_000);
    await playThrough(ctx, m, 17_000);
    // Play is counted from the provider's bets a moment later.
    if (await eventually(async () => (await unplayedOf(ctx, m.id)) === 0n, 15_000, 250)) played += 1;
    else notes.push(`trial ${trial}: ${baht(await unplayedOf(ctx, m.id))} still unplayed after play`);
    const wallet = (await ctx.api.get('/api/wallet', { token: m.token })).body?.wallet?.amount ?? 0;
    // Two fit the daily amount, three do not (5,000 when the wallet allows).
    const size = Math.min(5_000, Math.floor(wallet / 3));
    const answers: string[] = [];
    let total = 0;
    for (let i = 0; i < 3; i++) {
      const res = await withdraw(ctx, m, size);
      answers.push(said(res));
      if (res.status !== 200) continue;
      const id = String(res.body.withdrawId);
      const [row] = await ctx.sql<{ status: string; reasons: string[] }>(
        'select status, review_reasons as reasons from withdrawals where id = $1',
        [id],
      );
      if (row?.status === 'WAITING_APPROVAL' && i === 0) {
        // An operator approves the first withdrawal (the product's review rule for a first one).
        await ctx.api.post(`/dev/withdrawals/${id}/approve`);
        const paid = await eventually(async () => {
          const [now] = await ctx.sql<{ status: string }>('select status from withdrawals where id = $1', [id]);
          return now?.status === 'PAID';
        }, 10_000);
        answers[i] += ` (${row.reasons.join('+')}; approved${paid ? ', paid' : ''})`;
        total += size;
      } else if (row?.status === 'PAID' || row?.status === 'APPROVED') {
        // Paid at once: whatever of it lies beyond the daily automatic amount counts.
        beyond += Math.max(0, Math.min(size, total + size - DAILY_AUTO_AMOUNT));
        total += size;
      } else if (row) answers[i] += ` (${row.reasons.join('+')})`;
    }
    notes.push(`${size} × 3: ${answers.join(', ')}`);
  }
  ctx.emit(
    line(
      '11.5',
      'abuse: splitting past the 24 h amount',
      beyond === 0 && played === SPLIT_TRIALS,
      `${beyond.toFixed(2)} baht paid at once beyond the ${DAILY_AUTO_AMOUNT} daily automatic amount over ` +
        `${SPLIT_TRIALS} trials (${played}/${SPLIT_TRIALS} deposits counted as played through) — ${notes.slice(0, 3).join('; ')}`,
      '0.00 baht; deposits played through',
    ),
  );
}

/**
 * 11.6: a withdrawal of the whole deposit and the deposit's WELCOME bonus sent together. Exactly
 * one may win: a bonus on a deposit already on its way out, or a withdrawal under a bonus
 * condition, is money the house never agreed to.
 */
async function withdrawBonusRace(ctx: TestContext) {
  const trials = ctx.s.abuseRaceTrials;
  const tally = new Map<string, number>();
  const outcomes = await pool(
    Array.from({ length: trials }, (_, i) => i),
    4,
    async () => {
      const m = await register(ctx.api);
      await fund(ctx.api, m, 200);
      const [out, bonus] = await Promise.all([
        withdraw(ctx, m, 200),
        ctx.api.get('/api/bonus/activate/WELCOME', { token: m.token, key: newKey('abuse-b') }),
      ]);
      const key = `withdraw ${said(out)} / bonus ${said(bonus)}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
      return (out.status === 200 ? 1 : 0) + (bonus.status === 200 ? 1 : 0);
    },
  );
  const both = outcomes.filter((n) => n === 2).length;
  const one = outcomes.filter((n) => n === 1).length;
  const seen = [...tally.entries()].map(([k, n]) => `${k} ×${n}`).join('; ');
  ctx.emit(
    line(
      '11.6',
      'abuse: withdraw and bonus at once',
      both === 0 && one === trials,
      `${both}/${trials} trials with both winning, ${one}/${trials} exactly one — ${seen}`,
      '0 both; all exactly one',
    ),
  );
}

export const abuseTest: BatteryTest = {
  no: 11,
  title: 'abuse',
  env: () => ({
    PAYOUT_INTERVAL_MS: '500',
    // Play is read from the provider often, so a played deposit counts within a second or two.
    TURNOVER_SYNC_INTERVAL_MS: '500',
    TURNOVER_SETTLE_MS: '200',
  }),
  async run(ctx) {
    await cancelTricks(ctx);
    await claimTricks(ctx);
    await coinChurn(ctx);
    await referralChurn(ctx);
    await splitting(ctx);
    await withdrawBonusRace(ctx);
  },
};
