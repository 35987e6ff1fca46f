// Appends from many connections at once (PostgreSQL only: PGlite has one): the advisory lock
// keeps the chain whole, with no gap even where some of the transactions roll back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { appendAudit } from './audit.ts';
import { verifyAuditChain } from './audit-chain.ts';

describe.skipIf(process.env.TEST_DB !== 'pg')('concurrent audit appends (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('keeps the chain whole under 40 parallel appends, a quarter of them rolled back', async () => {
    const before = await verifyAuditChain(t.db);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        t.db.transaction(async (tx) => {
          await appendAudit(tx, {
            actor: 'system',
            action: 'test.race',
            objectType: 'probe',
            objectId: i,
            after: { i },
          });
          if (i % 4 === 0) throw new Error('rolled back');
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(30);
    const after = await verifyAuditChain(t.db);
    expect(after.broken).toBeNull();
    expect(after.count).toBe(before.count + 30);
    expect(after.lastSeq).toBe(after.count);
  });
});
