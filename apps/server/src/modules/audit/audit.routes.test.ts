// The audit trail: append-only in the database, a hash chain keyed outside it that shows any edit,
// removal or forged entry made behind the trigger's back, and the console's filtered, paged view of it.
import { opsPaths } from '@krapao/contracts/ops/paths';
import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/ops.ts';
import { sha256 } from '../../lib/tokens.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { opsCall, signedInStaff } from '../staff/testing.ts';
import { appendAudit } from './audit.ts';
import { verifyAuditChain } from './audit-chain.ts';
import { auditChainKey, canonicalJson, entryHash, hashedText } from './audit-hash.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const append = (objectId: number, memberId: number | null = null) =>
  t.db.transaction((tx) =>
    appendAudit(tx, {
      actor: 'system',
      action: 'test.touch',
      objectType: 'probe',
      objectId,
      memberId,
      before: { amount: 100n, nested: { b: 1, a: [1, 'x'] } },
      after: { amount: 250n, at: new Date('2026-11-26T00:00:00Z'), gone: undefined },
    }),
  );

/** Runs `change` as a superuser would: with the append-only trigger off, then on again. */
async function behindTheTrigger(change: string) {
  await t.db.execute(sql.raw('alter table audit_log disable trigger audit_log_append_only'));
  try {
    await t.db.execute(sql.raw(change));
  } finally {
    await t.db.execute(sql.raw('alter table audit_log enable trigger audit_log_append_only'));
  }
}

// First, while the chain is whole (the tests below break it for good).
describe('the keyed audit chain', () => {
  const OTHER_KEY = 'not-the-server-key-but-32-bytes-long!';

  /** Appends, as the database's owner could, an entry hashed by `hashOf` after the last one. */
  async function forgeAppend(hashOf: (prevHash: string, e: Parameters<typeof entryHash>[2]) => string) {
    const [last] = await t.db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    if (!last) throw new Error('empty audit trail');
    const forged = {
      seq: last.seq + 1,
      at: new Date('2026-11-26T01:00:00Z'),
      actor: 'system',
      staffId: null,
      action: 'staff.create',
      objectType: 'staff',
      objectId: '999',
      memberId: null,
      reason: 'forged',
      before: null,
      after: { role: 'owner' },
      requestId: null,
    };
    await t.db.insert(auditLog).values({ ...forged, prevHash: last.hash, hash: hashOf(last.hash, forged) });
    return forged.seq;
  }

  it('names a forged entry whose hash was recomputed without the key, or under another', async () => {
    await append(8);
    const plain = await forgeAppend((prev, e) => sha256(hashedText(prev, e)));
    expect((await verifyAuditChain(t.db)).broken).toMatchObject({ seq: plain, problem: 'hash' });
    await behindTheTrigger(`delete from audit_log where seq = ${plain}`);

    const otherKey = await forgeAppend((prev, e) => entryHash(OTHER_KEY, prev, e));
    expect((await verifyAuditChain(t.db)).broken).toMatchObject({ seq: otherKey, problem: 'hash' });
    await behindTheTrigger(`delete from audit_log where seq = ${otherKey}`);

    // The control: the same forgery with the server's key fits (the key is all that stops it).
    const withKey = await forgeAppend((prev, e) => entryHash(auditChainKey(), prev, e));
    expect((await verifyAuditChain(t.db)).broken).toBeNull();
    await behindTheTrigger(`delete from audit_log where seq = ${withKey}`);
  });

  it('says so when the chain is checked under another key', async () => {
    await append(9);
    expect((await verifyAuditChain(t.db)).broken).toBeNull();
    expect((await verifyAuditChain(t.db, OTHER_KEY)).broken).toMatchObject({ seq: 1, problem: 'key' });
  });
});

describe('the audit chain', () => {
  it('writes canonical JSON: keys sorted at every depth, bigints as strings', () => {
    expect(canonicalJson({ b: 2n, a: { d: null, c: [3, { z: 1, y: 2 }] } })).toBe(
      '{"a":{"c":[3,{"y":2,"z":1}],"d":null},"b":"2"}',
    );
  });

  it('numbers entries 1, 2, 3… and verifies whole; a rolled-back append leaves no gap', async () => {
    const first = await append(1);
    await expect(
      t.db.transaction(async (tx) => {
        await appendAudit(tx, { actor: 'system', action: 'test.rollback', objectType: 'probe', objectId: 0 });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const second = await append(2);
    expect(second.seq).toBe(first.seq + 1);
    const report = await verifyAuditChain(t.db);
    expect(report).toMatchObject({ broken: null, lastSeq: second.seq });
    expect(report.count).toBe(second.seq);
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await append(3);
    await expect(t.db.execute(sql`update audit_log set reason = 'edited'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await verifyAuditChain(t.db)).broken).toBeNull();
  });

  it('names the entry whose fields were edited behind the trigger', async () => {
    const { seq } = await append(4);
    await append(5);
    await behindTheTrigger(`update audit_log set after = '{"amount":"999"}' where seq = ${seq}`);
    expect((await verifyAuditChain(t.db)).broken).toMatchObject({ seq, problem: 'hash' });
    await behindTheTrigger(
      `update audit_log set after = '{"amount":"250","at":"2026-11-26T00:00:00.000Z"}' where seq = ${seq}`,
    );
    expect((await verifyAuditChain(t.db)).broken).toBeNull();
  });

  it('names the gap a removed entry leaves, and a re-linked removal by its broken link', async () => {
    const { seq } = await append(6);
    await append(7);
    await behindTheTrigger(`delete from audit_log where seq = ${seq}`);
    expect((await verifyAuditChain(t.db)).broken).toMatchObject({ seq: seq + 1, problem: 'gap' });
    // Closing the gap by renumbering does not hide it: the next entry's prev_hash points elsewhere.
    await behindTheTrigger(`update audit_log set seq = seq - 1 where seq > ${seq}`);
    expect((await verifyAuditChain(t.db)).broken).toMatchObject({ seq, problem: 'link' });
  });
});

describe('GET opsPaths.audit', () => {
  it('filters by member, staff and object, newest first, paged back by seq', async () => {
    const reader = await signedInStaff(t, 'finance');
    const owner = await signedInStaff(t, 'owner');
    for (let i = 0; i < 3; i++) {
      await t.db.transaction((tx) =>
        appendAudit(tx, { actor: 'member', action: 'member.touch', objectType: 'member', objectId: 77, memberId: 77 }),
      );
    }
    const page1 = await opsCall(t, reader, 'GET', `${opsPaths.audit}?memberId=77&limit=2`);
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.items).toHaveLength(2);
    expect(body.items[0].seq).toBeGreaterThan(body.items[1].seq);
    expect(body.nextBeforeSeq).toBe(body.items[1].seq);
    const page2 = await opsCall(
      t,
      reader,
      'GET',
      `${opsPaths.audit}?memberId=77&limit=2&beforeSeq=${body.nextBeforeSeq}`,
    );
    expect(page2.json()).toMatchObject({ items: [{ memberId: 77 }], nextBeforeSeq: null });

    const own = await opsCall(t, reader, 'GET', `${opsPaths.audit}?staffId=${owner.id}`);
    expect(own.json().items).toEqual([
      expect.objectContaining({
        action: 'staff.sign-in',
        staffUsername: owner.username,
        objectType: 'staff',
        objectId: String(owner.id),
      }),
    ]);
    const support = await signedInStaff(t, 'support');
    expect((await opsCall(t, support, 'GET', opsPaths.audit)).json()).toEqual({ message: 'OPS_FORBIDDEN' });
  });
});
