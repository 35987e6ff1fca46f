// Runs on PGlite and on PostgreSQL (where calls really overlap): the provider's books apply each
// transfer id once and never let a balance go below zero under parallel calls; a transfer's commit
// does not wait for the WAL flush.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitModeAfter as commitModeOf } from '../../../test/commit-mode.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ProviderRejected } from '../game-provider.port.ts';
import { createDemoBooks, type DemoBooks } from './demo-books.ts';
import type { SandboxGameProvider } from './sandbox-provider.ts';

let t: TestApp;
let sandbox: SandboxGameProvider;
beforeAll(async () => {
  t = await createTestApp();
  sandbox = t.ctx.gameProviders.sandbox!;
});
afterAll(() => t.close());

let memberId = 700_000;
const newPlayer = () => sandbox.createPlayer({ gameCode: 'JOKER', memberId: ++memberId, currency: 'BAHT' });

describe('the demo provider books under parallel calls', () => {
  it('applies 20 parallel repeats of one transfer id once', async () => {
    const p = await newPlayer();
    const transferId = randomUUID();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        sandbox.deposit({ gameCode: 'JOKER', username: p.username, amount: 300n, transferId }),
      ),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await sandbox.balance({ gameCode: 'JOKER', username: p.username })).toBe(300n);
  });

  it('lets exactly one of 20 parallel withdrawals through when the balance covers one', async () => {
    for (let round = 0; round < 5; round++) {
      const p = await newPlayer();
      await sandbox.deposit({ gameCode: 'JOKER', username: p.username, amount: 1_000n, transferId: randomUUID() });
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () =>
          sandbox.withdraw({ gameCode: 'JOKER', username: p.username, amount: 1_000n, transferId: randomUUID() }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ProviderRejected);
      expect(await sandbox.balance({ gameCode: 'JOKER', username: p.username })).toBe(0n);
    }
  });

  it('settles a cancel racing its deposit one way only', async () => {
    for (let round = 0; round < 10; round++) {
      const p = await newPlayer();
      const transferId = randomUUID();
      const [deposit, cancel] = await Promise.allSettled([
        sandbox.deposit({ gameCode: 'JOKER', username: p.username, amount: 500n, transferId }),
        sandbox.cancelTransfer({ gameCode: 'JOKER', transferId }),
      ]);
      const balance = await sandbox.balance({ gameCode: 'JOKER', username: p.username });
      const state = await sandbox.transferStatus({ gameCode: 'JOKER', transferId });
      if (deposit.status === 'fulfilled') {
        expect(cancel).toEqual({ status: 'fulfilled', value: 'APPLIED' });
        expect([state, balance]).toEqual(['APPLIED', 500n]);
      } else {
        expect(cancel).toEqual({ status: 'fulfilled', value: 'CANCELLED' });
        expect([state, balance]).toEqual(['CANCELLED', 0n]);
      }
    }
  });
});

describe('the commit of a transfer at the demo provider', () => {
  const commitModeAfter = (act: (books: DemoBooks) => Promise<unknown>) =>
    commitModeOf(t.db, (tx) => act(createDemoBooks(tx, () => new Date())));

  it('does not wait for the WAL flush: the settlement after it does', async () => {
    const p = await newPlayer();
    const deposit = (books: DemoBooks) =>
      books.deposit({ gameCode: 'JOKER', username: p.username, amount: 100n, transferId: randomUUID() });
    const before = await commitModeAfter(async () => undefined);
    expect(before).not.toBe('off');
    expect(await commitModeAfter(deposit)).toBe('off');
    // Only the transfer statement changes it: a read leaves the session's setting.
    expect(await commitModeAfter((books) => books.balance({ gameCode: 'JOKER', username: p.username }))).toBe(before);
  });
});
