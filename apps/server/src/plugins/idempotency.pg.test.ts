// Runs on PGlite and on PostgreSQL: the plugin's rows, and how their commits wait. A claim or an
// answer of a route whose money carries the key in the ledger commits without waiting for the WAL
// flush; every other route's waits as any commit does.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyRequests } from '../db/schema/ledger.ts';
import { newMember } from '../modules/auth/testing.ts';
import { commitModeAfter as commitModeOf } from '../test/commit-mode.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createIdempotencyRepository, type IdempotencyRepository, type KeyCommit } from './idempotency.repository.ts';

let t: TestApp;
let memberId: number;
beforeAll(async () => {
  t = await createTestApp();
  memberId = (await newMember(t)).id;
});
afterAll(() => t.close());

const row = (key: string) => ({ memberId, key, route: '/api/wallet/transfer', requestHash: 'h' });

const commitModeAfter = (act: (repo: IdempotencyRepository) => Promise<unknown>) =>
  commitModeOf(t.db, (tx) => act(createIdempotencyRepository(tx)));

describe('the idempotency rows', () => {
  it.each(['wait', 'noWait'] as const)('claim a key once and keep its first answer (%s)', async (commit: KeyCommit) => {
    const repo = createIdempotencyRepository(t.db);
    const key = `k-${randomUUID()}`;
    expect(await repo.claim(row(key), commit)).toBe(true);
    expect(await repo.claim(row(key), commit)).toBe(false);
    expect(await repo.find(memberId, key)).toMatchObject({ state: 'IN_FLIGHT', statusCode: null });
    await repo.answer({ memberId, key, statusCode: 200, response: JSON.stringify({ status: 'SUCCESS' }) }, commit);
    expect(await repo.find(memberId, key)).toMatchObject({
      state: 'DONE',
      statusCode: 200,
      response: { status: 'SUCCESS' },
    });
  });

  it('commit a claim and an answer without a flush wait only when asked', async () => {
    const session = await commitModeAfter(async () => undefined);
    expect(session).not.toBe('off');
    const key = `k-${randomUUID()}`;
    expect(await commitModeAfter((repo) => repo.claim(row(key), 'wait'))).toBe(session);
    expect(await commitModeAfter((repo) => repo.claim(row(key), 'noWait'))).toBe('off');

    const answered = `k-${randomUUID()}`;
    await createIdempotencyRepository(t.db).claim(row(answered), 'wait');
    const answer = (commit: KeyCommit) => (repo: IdempotencyRepository) =>
      repo.answer({ memberId, key: answered, statusCode: 200, response: null }, commit);
    expect(await commitModeAfter(answer('wait'))).toBe(session);
    expect(await commitModeAfter(answer('noWait'))).toBe('off');
    // Both were rolled back: the key is still in flight.
    const [left] = await t.db
      .select({ state: idempotencyRequests.state })
      .from(idempotencyRequests)
      .where(and(eq(idempotencyRequests.memberId, memberId), eq(idempotencyRequests.key, answered)));
    expect(left?.state).toBe('IN_FLIGHT');
  });

  it('take over only a claim older than the stale time, and free a key', async () => {
    const repo = createIdempotencyRepository(t.db);
    const key = `k-${randomUUID()}`;
    await repo.claim(row(key), 'noWait');
    expect(await repo.takeOver(memberId, key, new Date(Date.now() - 120_000))).toBe(false);
    expect(await repo.takeOver(memberId, key, new Date(Date.now() + 60_000))).toBe(true);
    await repo.release(memberId, key);
    expect(await repo.find(memberId, key)).toBeNull();
  });
});
