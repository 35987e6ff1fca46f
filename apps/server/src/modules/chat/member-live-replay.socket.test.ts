// A member's live money events are kept (lib/member-live.ts): a socket that connects again with the
// cursor it last heard is sent the events of its gap, in order, then the new cursor; a first
// connection only the cursor. Never another member's events, never ones from before the socket's
// session began, never ones past the keep, and the prune job deletes those.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TSocketAuth } from '@krapao/contracts/chat';
import {
  MEMBER_LIVE_CURSOR_EVENT,
  MEMBER_LIVE_EVENT,
  MEMBER_LIVE_KEEP_MS,
  type TMemberLiveEvent,
} from '@krapao/contracts/live';
import { count, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memberLiveEvents } from '../../db/schema/member-live.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createQr, payQr } from '../deposit/qr/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { signedInMember, signIn } from '../wallet/testing.ts';
import { createLiveEventsPrune } from './live-events-prune.job.ts';
import { connectLive as connectTo, type LiveConnected, listen } from './socket-testing.ts';
import { newGuestId } from './testing.ts';

let t: TestApp;
let base: string;
const open: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp({
    CHAT_AGENT: 'off',
    QR_JOB_INTERVAL_MS: '0',
    UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'krapao-live-replay-')),
  });
  base = await listen(t);
});
afterEach(async () => {
  for (const socket of open.splice(0)) socket.close();
  await t.ctx.payments.gateway.sandbox?.drain();
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

/** connectLive, closed after the test. */
async function connectLive(auth: TSocketAuth): Promise<LiveConnected> {
  const connected = await connectTo(base, auth);
  open.push(connected.socket);
  return connected;
}

/** Waits until the member has `n` kept events (they are kept just after the money's commit). */
async function kept(memberId: number, n: number) {
  for (let i = 0; i < 100; i++) {
    const [row] = await t.db
      .select({ n: count() })
      .from(memberLiveEvents)
      .where(eq(memberLiveEvents.memberId, memberId));
    if (row!.n >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  throw new Error(`member ${memberId} has fewer than ${n} kept events`);
}

async function paidQr(m: Awaited<ReturnType<typeof signedInMember>>, amount: number): Promise<string> {
  const { qrcodeId } = (await createQr(t, m, 'KBANK', amount)).json();
  expect((await payQr(t, qrcodeId)).statusCode).toBe(200);
  return qrcodeId;
}

describe('live money events of a gap', () => {
  it('are sent to a socket that connects again with its cursor, in order, then the new cursor', async () => {
    const m = await signedInMember(t, 0);
    const first = await connectLive({ token: m.token });
    expect(first).toMatchObject({ missed: [], cursor: 0 });
    first.socket.close();

    const qr1 = await paidQr(m, 150);
    const qr2 = await paidQr(m, 70);
    await kept(m.memberId, 2);

    const again = await connectLive({ token: m.token, since: first.cursor });
    expect(again.missed).toEqual([
      { id: expect.any(Number), kind: 'deposit', amount: 150, qrcodeId: qr1 },
      { id: expect.any(Number), kind: 'deposit', amount: 70, qrcodeId: qr2 },
    ]);
    const [a, b] = again.missed.map((event) => event.id!);
    expect(b).toBeGreaterThan(a!);
    expect(again.cursor).toBe(b);

    // Nothing since that cursor; a first connection is told the cursor and sent nothing.
    expect(await connectLive({ token: m.token, since: again.cursor })).toMatchObject({ missed: [], cursor: b });
    expect(await connectLive({ token: m.token })).toMatchObject({ missed: [], cursor: b });
    // From a cursor between them: only the later one.
    expect((await connectLive({ token: m.token, since: a })).missed.map((event) => event.qrcodeId)).toEqual([qr2]);
  });

  it('never sends another member’s events, nor a guest any', async () => {
    const payer = await signedInMember(t, 0);
    const other = await signedInMember(t, 0);
    await paidQr(payer, 90);
    await kept(payer.memberId, 1);
    expect(await connectLive({ token: other.token, since: 0 })).toMatchObject({ missed: [], cursor: 0 });
    const guest = io(base, {
      path: '/socket.io',
      auth: { guestId: newGuestId(), since: 0 },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    open.push(guest);
    const heard: unknown[] = [];
    guest.on(MEMBER_LIVE_EVENT, (event) => heard.push(event));
    guest.on(MEMBER_LIVE_CURSOR_EVENT, (event) => heard.push(event));
    await new Promise<void>((resolve) => guest.once('connect', () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual([]);
  });

  it('sends a session that has just begun, asking from 0, what came since its sign-in and nothing older', async () => {
    const m = await signedInMember(t, 0);
    await paidQr(m, 60);
    await kept(m.memberId, 1);
    const fresh = await signIn(t, m.memberId);
    const during = await paidQr(fresh, 35);
    await kept(m.memberId, 2);

    const first = await connectLive({ token: fresh.token, since: 0 });
    expect(first.missed).toEqual([{ id: expect.any(Number), kind: 'deposit', amount: 35, qrcodeId: during }]);
    expect(first.cursor).toBe(first.missed[0]!.id);
    // The older session still hears both from 0: each session hears its own time.
    expect((await connectLive({ token: m.token, since: 0 })).missed.map((event) => event.amount)).toEqual([60, 35]);
  });

  it('refuses a cursor that is not a whole number at or above 0', async () => {
    const m = await signedInMember(t, 0);
    for (const since of [-1, 1.5, 'abc', null]) {
      await expect(connectLive({ token: m.token, since } as unknown as TSocketAuth)).rejects.toThrow('KEY_INVALID');
    }
  });

  it('keeps events for MEMBER_LIVE_KEEP_MS: older ones are not sent, and the prune job deletes them', async () => {
    const m = await signedInMember(t, 0);
    await paidQr(m, 40);
    await kept(m.memberId, 1);
    const past = new Date(t.ctx.now().getTime() - MEMBER_LIVE_KEEP_MS - 1_000);
    await t.db.update(memberLiveEvents).set({ createdAt: past }).where(eq(memberLiveEvents.memberId, m.memberId));
    const recent = await paidQr(m, 45);
    await kept(m.memberId, 2);

    expect((await connectLive({ token: m.token, since: 0 })).missed.map((event) => event.qrcodeId)).toEqual([recent]);
    expect(await createLiveEventsPrune(t.ctx).runOnce()).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .select({ event: memberLiveEvents.event })
      .from(memberLiveEvents)
      .where(eq(memberLiveEvents.memberId, m.memberId));
    expect(left.map((row) => (row.event as TMemberLiveEvent).qrcodeId)).toEqual([recent]);
  });
});
