// The console's stuck-transfers queue: the list with member and game, the provider's answer (changes
// nothing), reconcile now and settle by hand (audited in the settlement's transaction, under the
// reconciler's lease, refused against the provider's definite answer), and the live events.
import { MEMBER_LIVE_EVENT, type TMemberLiveEvent } from '@krapao/contracts/live';
import { type TOpsTransfer, transfersPaths } from '@krapao/contracts/ops/transfers';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { auditLog } from '../../db/schema/ops.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { connectSocket, listen } from '../chat/socket-testing.ts';
import { activate } from '../games/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { connectLive, heardEvents, pause } from '../ops-live/testing.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { balances, call, type Member, signedInMember } from './testing.ts';
import { createReconciler } from './transfer-reconcile.job.ts';

let t: TestApp;
let finance: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp({ PROVIDER_TIMEOUT_MS: '50' });
  finance = await signedInStaff(t, 'finance');
});
afterEach(() => t.ctx.gameProviders.sandbox?.faults.reset());
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

const faults = () => t.ctx.gameProviders.sandbox!.faults;
let base: string | undefined;
/** The app's address, listening from the first call on. */
const served = async () => {
  base ??= await listen(t);
  return base;
};
const url = (path: string, id: number | string) => path.replace(':transferId', String(id));
let keys = 0;

type Fault = 'lostResponse' | 'error5xx';
/**
 * A member who moved 60 of 100 baht to PG with no answer from the provider: UNKNOWN, begun 10
 * minutes ago. `lostResponse` applies it at the provider, `error5xx` never reaches it.
 */
async function stuck(deposit: Fault): Promise<{ m: Member; id: number }> {
  const m = await signedInMember(t, 100);
  await activate(t, m.token, 'PG');
  faults().set({ next: [deposit, 'error5xx'], methods: ['deposit', 'transferStatus'] });
  const body = { from: 'WALLET', to: 'PG', amount: 60 };
  const res = await call(t, m, 'POST', '/api/wallet/transfer', body, `stuck-${m.memberId}-${++keys}`);
  expect(res.json().status).toBe('PENDING');
  faults().reset();
  const id = Number(res.json().transferId);
  await t.db.execute(sql`update ledger_transactions set created_at = now() - interval '10 minutes' where id = ${id}`);
  return { m, id };
}

async function queue(): Promise<TOpsTransfer[]> {
  const res = await opsCall(t, finance, 'GET', transfersPaths.list);
  expect(res.statusCode).toBe(200);
  return res.json().items;
}
const itemOf = async (id: number) => (await queue()).find((x) => x.id === id) ?? null;
const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'transfer'), eq(auditLog.objectId, String(id))));
const settle = (id: number | string, body: object, s = finance) =>
  opsCall(t, s, 'POST', url(transfersPaths.settle, id), body);
const reconcile = (id: number | string, body: object = {}, s = finance) =>
  opsCall(t, s, 'POST', url(transfersPaths.reconcile, id), body);

/** Nothing moved: still UNKNOWN and listed, free of leases, 40 in the wallet, no audit entry. */
async function unchanged(m: Member, id: number) {
  expect(await itemOf(id)).toMatchObject({ status: 'UNKNOWN', isBusy: false });
  expect(await balances(t, m)).toMatchObject({ wallet: 40, slots: { PG: 0 } });
  expect(await auditOf(id)).toEqual([]);
}

describe('the stuck-transfers queue', () => {
  it('lists transfers unsettled past OPS_TRANSFER_STUCK_MINUTES, oldest first, with member, game and attempts', async () => {
    const older = await stuck('lostResponse');
    const newer = await stuck('error5xx');
    await t.db.execute(
      sql`update ledger_transactions set created_at = now() - interval '1 hour' where id = ${older.id}`,
    );
    const young = await stuck('error5xx');
    await t.db.execute(sql`update ledger_transactions set created_at = now() where id = ${young.id}`);
    const items = await queue();
    const mine = items.map((x) => x.id).filter((id) => [older.id, newer.id, young.id].includes(id));
    expect(mine).toEqual([older.id, newer.id]);
    const item = items.find((x) => x.id === newer.id)!;
    expect(item).toMatchObject({
      providerTransferId: `KP${newer.id}`,
      memberId: newer.m.memberId,
      direction: 'TO_GAME',
      gameCode: 'PG',
      provider: 'demo',
      amount: 60,
      currency: 'BAHT',
      status: 'UNKNOWN',
      attempts: 1,
      lastError: 'provider unavailable: HTTP 503 from provider',
      isBusy: false,
    });
    expect(item.member.username).toMatch(/\w/);
    expect(item.member.name).toMatch(/\w/);
  });

  it("shows the provider's answer and changes nothing", async () => {
    const { m, id } = await stuck('lostResponse');
    const res = await opsCall(t, finance, 'GET', url(transfersPaths.providerAnswer, id));
    expect(res.json()).toMatchObject({ id, answer: 'APPLIED', settlesAs: 'SUCCESS', amount: 60, status: 'UNKNOWN' });
    faults().set({ next: ['error5xx'], methods: ['transferStatus'] });
    const none = await opsCall(t, finance, 'GET', url(transfersPaths.providerAnswer, id));
    expect(none.json()).toMatchObject({ answer: 'NO_ANSWER', settlesAs: null, detail: expect.stringMatching(/503/) });
    const unseen = await stuck('error5xx');
    const notFound = await opsCall(t, finance, 'GET', url(transfersPaths.providerAnswer, unseen.id));
    expect(notFound.json()).toMatchObject({ answer: 'NOT_FOUND', settlesAs: 'FAILED' });
    await unchanged(m, id);
    await unchanged(unseen.m, unseen.id);
  });

  it('reconcile now: settles from the provider once, audited; no answer leaves it UNKNOWN with one more attempt', async () => {
    const { m, id } = await stuck('lostResponse');
    faults().set({ next: ['error5xx'], methods: ['transferStatus'] });
    const again = await reconcile(id);
    expect(again.json()).toEqual({ id, status: 'UNKNOWN' });
    expect(await itemOf(id)).toMatchObject({ attempts: 2 });
    await unchanged(m, id);

    const res = await reconcile(id, { reason: 'member called' });
    expect(res.json()).toEqual({ id, status: 'SUCCESS' });
    expect(await balances(t, m)).toMatchObject({ wallet: 40, slots: { PG: 60 } });
    const [entry, ...more] = await auditOf(id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'transfer.reconcile',
      staffId: finance.id,
      memberId: m.memberId,
      reason: 'member called',
      before: { status: 'UNKNOWN' },
      after: { status: 'SUCCESS' },
    });
    const twice = await reconcile(id);
    expect([twice.statusCode, twice.json()]).toEqual([409, { message: 'OPS_ALREADY_DECIDED', status: 'SUCCESS' }]);
    expect(await itemOf(id)).toBeNull();
  });

  it("settle by hand: refused against the provider's definite answer, settled with it, audited once", async () => {
    const { m, id } = await stuck('lostResponse');
    const refused = await settle(id, { outcome: 'FAILED', reason: 'member says it never arrived' });
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { message: 'OPS_PROVIDER_DISAGREES', answer: 'APPLIED' },
    ]);
    await unchanged(m, id);

    const res = await settle(id, { outcome: 'SUCCESS', reason: 'seen in the provider back office' });
    expect(res.json()).toEqual({ id, status: 'SUCCESS' });
    expect(await balances(t, m)).toMatchObject({ wallet: 40, slots: { PG: 60 } });
    expect((await auditOf(id)).map((e) => [e.action, e.reason, e.after])).toEqual([
      ['transfer.settle', 'seen in the provider back office', { status: 'SUCCESS', provider: 'APPLIED', detail: null }],
    ]);
    const twice = await settle(id, { outcome: 'SUCCESS', reason: 'again' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'OPS_ALREADY_DECIDED']);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('settle by hand as failed: voided at the provider first, the money back to the wallet', async () => {
    const { m, id } = await stuck('error5xx');
    const wrong = await settle(id, { outcome: 'SUCCESS', reason: 'member insists' });
    expect(wrong.json()).toEqual({ message: 'OPS_PROVIDER_DISAGREES', answer: 'NOT_FOUND' });
    await unchanged(m, id);
    const res = await settle(id, { outcome: 'FAILED', reason: 'never reached the provider' });
    expect(res.json()).toEqual({ id, status: 'FAILED' });
    expect(await balances(t, m)).toMatchObject({ wallet: 100, slots: { PG: 0 } });
    expect(await t.ctx.gameProviders.sandbox!.transferStatus({ gameCode: 'PG', transferId: `KP${id}` })).toBe(
      'CANCELLED',
    );
  });

  it("settle by hand without the provider's answer: staff's word stands, and says so in the audit", async () => {
    const { m, id } = await stuck('lostResponse');
    faults().set({ next: ['timeout'], methods: ['transferStatus'] });
    const res = await settle(id, { outcome: 'SUCCESS', reason: 'provider support confirmed by phone' });
    expect(res.json()).toEqual({ id, status: 'SUCCESS' });
    expect(await balances(t, m)).toMatchObject({ wallet: 40, slots: { PG: 60 } });
    const [entry] = await auditOf(id);
    expect(entry?.after).toMatchObject({ status: 'SUCCESS', provider: 'NO_ANSWER' });
  });

  it('without the provider\'s answer, refuses to pay the wallet back: a later "applied" would make money', async () => {
    const { m, id } = await stuck('lostResponse');
    faults().set({ next: ['timeout', 'timeout'], methods: ['transferStatus', 'cancelTransfer'] });
    const res = await settle(id, { outcome: 'FAILED', reason: 'looks failed to me' });
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'KEY_INVALID', reason: 'provider-no-answer' }]);
    faults().reset();
    expect(await balances(t, m)).toMatchObject({ wallet: 40 });
    expect((await itemOf(id))?.status).toBe('UNKNOWN');
    expect(await auditOf(id)).toHaveLength(0);
  });

  it('waits while the reconciler holds the transfer', async () => {
    const { m, id } = await stuck('lostResponse');
    await t.db.execute(sql`update ledger_transactions set lease_until = now() + interval '1 minute' where id = ${id}`);
    expect((await itemOf(id))?.isBusy).toBe(true);
    for (const res of [await reconcile(id), await settle(id, { outcome: 'SUCCESS', reason: 'seen there' })]) {
      expect([res.statusCode, res.json()]).toEqual([400, { message: 'KEY_INVALID', reason: 'transfer-in-progress' }]);
    }
    await t.db.execute(sql`update ledger_transactions set lease_until = null where id = ${id}`);
    await unchanged(m, id);
  });

  it('bad input changes nothing', async () => {
    const { m, id } = await stuck('lostResponse');
    for (const body of [
      {},
      { outcome: 'SUCCESS' },
      { outcome: 'SUCCESS', reason: 'x' },
      { outcome: 'MAYBE', reason: 'seen there' },
      { outcome: 'SUCCESS', reason: 'seen there', amount: 1 },
    ]) {
      expect((await settle(id, body)).statusCode).toBe(400);
    }
    expect((await reconcile(id, { reason: 'x' })).statusCode).toBe(400);
    expect((await reconcile('abc')).statusCode).toBe(400);
    expect((await opsCall(t, finance, 'GET', `${transfersPaths.list}?limit=0`)).statusCode).toBe(400);
    expect((await reconcile(999_999_999)).json().message).toBe('NO_DATA');
    // A ledger transaction that is not a transfer (the member's first deposit) is not found either.
    const [deposit] = await t.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.memberId, m.memberId), ne(ledgerTransactions.type, 'TRANSFER')));
    const notTransfer = await settle(deposit!.id, { outcome: 'FAILED', reason: 'not a transfer' });
    expect(notTransfer.json().message).toBe('NO_DATA');
    await unchanged(m, id);
  });

  it('refuses a role without transfers.settle, and changes nothing', async () => {
    const { m, id } = await stuck('lostResponse');
    const support = await signedInStaff(t, 'support');
    for (const res of [
      await opsCall(t, support, 'GET', transfersPaths.list),
      await opsCall(t, support, 'GET', url(transfersPaths.providerAnswer, id)),
      await reconcile(id, {}, support),
      await settle(id, { outcome: 'SUCCESS', reason: 'seen there' }, support),
    ]) {
      expect([res.statusCode, res.json().message]).toEqual([403, 'OPS_FORBIDDEN']);
    }
    await unchanged(m, id);
  });

  it("tells the member's own sockets the outcome of a settle by hand, once, and nothing when refused", async () => {
    const done = await stuck('lostResponse');
    const failed = await stuck('error5xx');
    const sockets = await Promise.all(
      [done.m, failed.m].map(async (m) => connectSocket(await served(), { token: m.token })),
    );
    try {
      const [heardDone, heardFailed] = sockets.map((socket) => {
        const events: TMemberLiveEvent[] = [];
        socket.on(MEMBER_LIVE_EVENT, (event: TMemberLiveEvent) => events.push(event));
        return events;
      });
      expect((await settle(done.id, { outcome: 'FAILED', reason: 'wrong' })).statusCode).toBe(409);
      expect((await settle(done.id, { outcome: 'SUCCESS', reason: 'seen there' })).statusCode).toBe(200);
      expect((await settle(done.id, { outcome: 'SUCCESS', reason: 'again' })).statusCode).toBe(409);
      expect((await settle(failed.id, { outcome: 'FAILED', reason: 'never reached it' })).statusCode).toBe(200);
      await pause(300);
      expect(heardDone).toEqual([{ id: expect.any(Number), kind: 'transfer-done', amount: 60 }]);
      expect(heardFailed).toEqual([{ id: expect.any(Number), kind: 'transfer-failed', amount: 60 }]);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('tells finance when the reconciler marks a transfer UNKNOWN and when it is settled', async () => {
    const socket = await connectLive(await served(), finance.token);
    try {
      const events = heardEvents(socket);
      const { id } = await stuck('lostResponse');
      await settle(id, { outcome: 'SUCCESS', reason: 'seen there' });
      const other = await stuck('error5xx');
      t.ctx.now = () => new Date(Date.now() + 10 * 60_000);
      try {
        await createReconciler(t.ctx).runOnce();
      } finally {
        t.ctx.now = () => new Date();
      }
      await pause(300);
      expect(events.filter((e) => e.id === String(id)).map((e) => e.change)).toEqual(['added', 'removed']);
      expect(events.filter((e) => e.id === String(other.id)).map((e) => e.change)).toEqual(['added', 'removed']);
    } finally {
      socket.close();
    }
  });
});
