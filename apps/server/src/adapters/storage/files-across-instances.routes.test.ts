// Two server instances on one database, each with its own disk (docs/architecture.md §7): a slip the bank had
// not shown yet when it was uploaded through A is credited by B's recheck job and shown through B's
// signed link; a chat image uploaded on either instance is served by both.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { call as chatCall, newGuestId, OPERATOR, png, upload } from '../../modules/chat/testing.ts';
import { createSlipRechecker } from '../../modules/deposit/slip/slip-recheck.job.ts';
import {
  recordTransfer,
  registeredAccount,
  slipOf,
  slipTestApp,
  testClock,
  uploadSlip,
} from '../../modules/deposit/slip/testing.ts';
import { checkLedger } from '../../modules/ledger/ledger-check.ts';
import { balances, call, signedInMember } from '../../modules/wallet/testing.ts';
import type { TestApp } from '../../test/test-app.ts';

const MINUTE = 60_000;

describe('files on every instance', () => {
  const clock = testClock();
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await slipTestApp(clock, { CHAT_AGENT: 'off', OPERATOR_TOKEN: OPERATOR });
    // Same database and settings; another disk, as another machine would have.
    const config = { ...a.ctx.config, uploadDir: mkdtempSync(path.join(tmpdir(), 'krapao-instance-b-')) };
    const second = await buildApp({ config, db: a.db, now: clock.now });
    await second.app.ready();
    b = { ...a, app: second.app, ctx: second.ctx, close: () => second.app.close() };
  });
  afterAll(async () => {
    await b?.close();
    if (!a) return;
    expect(await checkLedger(a.db)).toEqual([]);
    await a.close();
  });

  it('credits through B a slip left PENDING on A by a bank delay, and B shows its image', async () => {
    const m = await signedInMember(a, 0);
    const from = await registeredAccount(a, m.memberId);
    const slip = await recordTransfer(a, {
      from,
      amount: 250,
      occurredAt: new Date(clock.now().getTime() - MINUTE),
      visibleAt: new Date(clock.now().getTime() + 2 * MINUTE),
    });
    const res = await uploadSlip(a, m, slip.png);
    expect(res.json()).toMatchObject({ status: 'PENDING' });

    clock.advance(3 * MINUTE);
    await createSlipRechecker(b.ctx).runOnce();
    expect(await slipOf(a, res.json().reference)).toMatchObject({ status: 'SUCCESS', note: null, amount: 25_000n });
    expect((await balances(b, m)).wallet).toBe(250);

    const link = await call(a, m, 'GET', `/api/statement/slip/reference/${res.json().reference}`);
    const image = await b.app.inject({ method: 'GET', url: link.json().url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const onA = await a.app.inject({ method: 'GET', url: link.json().url });
    expect(image.rawPayload.equals(onA.rawPayload)).toBe(true);
  });

  it('serves a chat image uploaded on either instance from both', async () => {
    const guestId = newGuestId();
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const data = png(3);
      const sent = await upload(
        from,
        '/api/chat/upload-image',
        { data, name: 'a.png', type: 'image/png' },
        { guestId },
      );
      expect(sent.statusCode, sent.body).toBe(200);
      const filePath: string = sent.json().path;
      const here = await chatCall(from, 'GET', filePath, undefined, { guestId });
      const there = await chatCall(to, 'GET', filePath, undefined, { guestId });
      expect([here.statusCode, there.statusCode]).toEqual([200, 200]);
      expect(there.headers['content-type']).toBe('image/png');
      expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
      expect((await chatCall(to, 'GET', filePath, undefined, { operator: true })).statusCode).toBe(200);
    }
  });
});
