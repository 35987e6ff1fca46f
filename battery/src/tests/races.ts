// The table of test 1: one entry per money call, each with its set-up. A trial arms the target (a
// balance or a claim that covers exactly one), the runner fires the burst, and the entry counts
// what the ledger booked in that trial: how many, and any money beyond the one.
import { signedHeaders } from '../../../apps/server/src/adapters/gateway/webhook-signature.ts';
import type { TestContext } from '../harness.ts';
import { newKey, type Res } from '../http.ts';
import { activate, fund, type Member, ownSlip, register } from '../members.ts';
import type { BatterySettings } from '../settings.ts';

/** What a trial booked: rows, and the money (or coins) beyond the one allowed. */
export type Booked = { rows: number; minor: bigint };
export type Armed = { fire: (i: number) => Promise<Res>; excess: (answeredOk: number) => Promise<Booked> };
export type RaceCase = {
  name: string;
  goal: string;
  excessWord: 'overdrawn' | 'created';
  /** What the excess counts: baht (minor units) by default, or spin coins. */
  unit?: 'baht' | 'coins';
  trials: (s: BatterySettings) => number;
  /** A reason to skip (the endpoint is not there yet), or null. */
  skip?: (ctx: TestContext) => Promise<string | null>;
  setup: (ctx: TestContext) => Promise<{ arm: (trial: number) => Promise<Armed> }>;
  /** Whether one answer is a success; absent when only the ledger can tell (webhook deliveries). */
  isSuccess?: (res: Res) => boolean;
};

export const GOAL_DEBIT = 'all trials exactly one; 0 overdrawn';
export const GOAL_CREDIT = 'all trials credited once; 0 created';
/** A gateway webhook secret the battery knows, so it can sign a delivery as the gateway does. */
export const WEBHOOK_SECRET = 'battery-gateway-webhook-secret-0001';
const AMOUNT = 100;
const MINOR = BigInt(AMOUNT * 100);

export async function marker(ctx: TestContext): Promise<number> {
  const [row] = await ctx.sql<{ id: string }>('select coalesce(max(id), 0) as id from ledger_transactions');
  return Number(row!.id);
}

/** Ledger transactions of one member and type since a marker that did not fail. */
export async function bookedSince(
  ctx: TestContext,
  memberId: number,
  type: string,
  since: number,
  extra = '',
): Promise<Booked & { largest: bigint }> {
  const [row] = await ctx.sql<{ rows: number; minor: string; largest: string }>(
    `select count(*)::int as rows, coalesce(sum(amount), 0)::text as minor, coalesce(max(amount), 0)::text as largest
     from ledger_transactions where member_id = $1 and type = $2 and id > $3 and status <> 'FAILED' ${extra}`,
    [memberId, type, since],
  );
  return { rows: row!.rows, minor: BigInt(row!.minor), largest: BigInt(row!.largest) };
}

/** Everything booked beyond the single largest row: what a second success would have created. */
export const beyondOne = (b: Booked & { largest: bigint }): Booked => ({ rows: b.rows, minor: b.minor - b.largest });

export const beyond = (b: Booked, allowed: bigint): Booked => ({
  rows: b.rows,
  minor: b.minor > allowed ? b.minor - allowed : 0n,
});

async function providerBalance(ctx: TestContext, game: string, username: string): Promise<bigint> {
  const [row] = await ctx.sql<{ balance: string }>(
    'select balance::text from demo_provider_players where game_code = $1 and username = $2',
    [game, username],
  );
  return BigInt(row?.balance ?? 0);
}

const withdraw: RaceCase = {
  name: 'withdraw',
  goal: GOAL_DEBIT,
  excessWord: 'overdrawn',
  trials: (s) => s.doubleSpendTrials,
  isSuccess: (r) => r.status === 200,
  async setup(ctx) {
    const m = await register(ctx.api);
    return {
      async arm() {
        await fund(ctx.api, m, AMOUNT);
        const since = await marker(ctx);
        return {
          fire: () =>
            ctx.api.post('/api/wallet/withdrawAll', { amount: AMOUNT }, { token: m.token, key: newKey('wd') }),
          excess: async () => beyond(await bookedSince(ctx, m.id, 'WITHDRAW', since), MINOR),
        };
      },
    };
  },
};

const transferToGame: RaceCase = {
  name: 'wallet → game transfer',
  goal: GOAL_DEBIT,
  excessWord: 'overdrawn',
  trials: (s) => s.doubleSpendTrials,
  isSuccess: (r) => r.status === 200,
  async setup(ctx) {
    const m = await register(ctx.api);
    const { username } = await activate(ctx.api, m, 'JOKER');
    return {
      async arm() {
        await fund(ctx.api, m, AMOUNT);
        const since = await marker(ctx);
        const before = await providerBalance(ctx, 'JOKER', username);
        const body = { from: 'WALLET', to: 'JOKER', amount: AMOUNT };
        return {
          fire: () => ctx.api.post('/api/wallet/transfer', body, { token: m.token, key: newKey('tr') }),
          async excess() {
            const booked = beyond(await bookedSince(ctx, m.id, 'TRANSFER', since, "and from_code = 'WALLET'"), MINOR);
            // The provider credited at most the one transfer.
            const credited = (await providerBalance(ctx, 'JOKER', username)) - before;
            return { rows: booked.rows, minor: booked.minor + (credited > MINOR ? credited - MINOR : 0n) };
          },
        };
      },
    };
  },
};

/** The paid-order webhook, delivered by the battery with the gateway's signature, 50 times at once. */
const qrWebhook: RaceCase = {
  name: 'QR webhook replayed (deposit)',
  goal: GOAL_CREDIT,
  excessWord: 'created',
  trials: (s) => s.depositRaceTrials,
  async setup(ctx) {
    const m = await register(ctx.api);
    return {
      async arm() {
        const qr = await ctx.api.post('/api/qrcode/KBANK', { amount: AMOUNT }, { token: m.token });
        const [order] = await ctx.sql<{ ref: string }>('select gateway_ref as ref from qr_codes where id = $1', [
          qr.body.qrcodeId,
        ]);
        // The member pays; the gateway's own webhook is lost on the way (drop), so every copy
        // the battery sends is a first delivery racing the others.
        await ctx.api.put('/dev/payment-faults/gateway', { webhookNext: ['drop'] });
        const paid = await ctx.api.post(`/dev/gateway/pay/${qr.body.qrcodeId}`);
        if (paid.status !== 200) throw new Error(`pay QR: ${paid.text}`);
        const rawBody = JSON.stringify({
          ref: order!.ref,
          merchantRef: qr.body.qrcodeId,
          amount: AMOUNT,
          status: 'PAID',
          paidAt: new Date().toISOString(),
        });
        const headers = signedHeaders(WEBHOOK_SECRET, rawBody, new Date());
        const since = await marker(ctx);
        return {
          fire: () => ctx.api.call('POST', '/api/payments/webhook/KBANK', { body: rawBody, headers }),
          excess: async () => beyond(await bookedSince(ctx, m.id, 'DEPOSIT', since), MINOR),
        };
      },
    };
  },
};

/** One slip image uploaded 50 times at once by its member. */
const slipUpload: RaceCase = {
  name: 'slip uploaded 50× (deposit)',
  goal: GOAL_CREDIT,
  excessWord: 'created',
  trials: (s) => s.depositRaceTrials,
  isSuccess: (r) => r.status === 200 && r.body?.status === 'SUCCESS',
  async setup(ctx) {
    const m: Member = await register(ctx.api);
    return {
      async arm() {
        const { upload } = await ownSlip(ctx.api, m, AMOUNT);
        const since = await marker(ctx);
        return {
          fire: upload,
          excess: async () => beyond(await bookedSince(ctx, m.id, 'DEPOSIT', since), MINOR),
        };
      },
    };
  },
};

export const RACE_CASES: RaceCase[] = [withdraw, transferToGame, qrWebhook, slipUpload];
