// The registration sources on the console's content page: the whole list is saved with a reason,
// audited as setting/sources, and served at once by the member lookup; a refused list (bad or
// duplicate code, empty text, removing a source a member registered with, a role without
// settings.manage) changes neither the table nor the audit trail.
import { contentPaths, type TContentPage } from '@krapao/contracts/ops/content';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/account.ts';
import { sources } from '../../db/schema/lookup.ts';
import { auditLog } from '../../db/schema/ops.ts';
import { setOpsChangePublisher } from '../../lib/ops-changes.ts';
import { seed } from '../../seed.ts';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';

let t: TestApp;
let admin: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'admin');
});
afterAll(() => t.close());

const put = (value: unknown, reason = 'ปรับช่องทางตามฝ่ายการตลาด', s = admin) =>
  opsCall(t, s, 'PUT', contentPaths.sources, { value, reason });
const served = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/lookup/sources', headers: headers() })).json();
const table = () => t.db.select().from(sources).orderBy(asc(sources.sortOrder));
const auditOf = () =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'setting'), eq(auditLog.objectId, 'sources')));

/** A refusal: KEY_INVALID (naming `field` when given), the table and the audit trail as they were. */
async function expectRefused(value: unknown, field?: string, s = admin) {
  const before = { rows: await table(), audit: (await auditOf()).length };
  const res = await put(value, undefined, s);
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toBe('KEY_INVALID');
  if (field) expect(JSON.stringify(res.json().fields)).toContain(field);
  expect(await table()).toEqual(before.rows);
  expect((await auditOf()).length).toBe(before.audit);
  return res.json();
}

const LIST = [
  { code: 'TIKTOK', description: 'TikTok' },
  { code: 'FB', description: 'เฟซบุ๊ก' },
  { code: 'YT2', description: 'YouTube' },
  { code: 'LINE', description: 'LINE' },
];

describe('saving the list', () => {
  it('is served by the member lookup in the new order, audited with who, why, before and after', async () => {
    const seeded = await served();
    expect(seeded.length).toBeGreaterThan(0);
    const res = await put(LIST, 'เพิ่ม YouTube');
    expect(res.statusCode).toBe(200);
    const page: TContentPage = res.json();
    expect(page.sources).toEqual(LIST);
    expect(page.lastChanges.sources?.staffName).toEqual(expect.any(String));
    expect(await served()).toEqual(LIST);
    expect((await table()).map((r) => [r.code, r.sortOrder])).toEqual([
      ['TIKTOK', 1],
      ['FB', 2],
      ['YT2', 3],
      ['LINE', 4],
    ]);
    const entries = await auditOf();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ staffId: admin.id, action: 'setting.change', reason: 'เพิ่ม YouTube' });
    expect(entries[0]?.before).toEqual(seeded);
    expect(entries[0]?.after).toEqual(LIST);
  });

  it('edits a description and trims it, telling the console pages', async () => {
    const events: unknown[] = [];
    setOpsChangePublisher(t.ctx, (e) => events.push(e));
    const next = LIST.map((s) => (s.code === 'FB' ? { ...s, description: '  Facebook  ' } : s));
    expect((await put(next)).statusCode).toBe(200);
    expect((await served())[1]).toEqual({ code: 'FB', description: 'Facebook' });
    expect(events).toEqual([{ topic: 'setting', id: 'sources' }]);
  });
});

describe('refusals', () => {
  it('refuses a bad code, a duplicate code and an empty description', async () => {
    await expectRefused([...LIST, { code: 'x1', description: 'lower case' }], 'value/4/code');
    await expectRefused([...LIST, { code: 'A', description: 'too short' }], 'value/4/code');
    await expectRefused([...LIST, { code: 'ABCDEFGHIJKLMNOPQ', description: 'too long' }], 'value/4/code');
    await expectRefused([...LIST, { code: 'FB-2', description: 'dash' }], 'value/4/code');
    await expectRefused([...LIST, { code: 'FB', description: 'again' }], 'value/4/code');
    await expectRefused([...LIST, { code: 'NEW', description: '   ' }], 'value/4/description');
    await expectRefused([], 'value');
  });

  it('refuses removing a source a member registered with; others may go', async () => {
    await t.db
      .insert(members)
      .values({ username: '0899990001', name: 'From YouTube', passwordHash: 'x', currency: 'BAHT', sourceCode: 'YT2' });
    expect(((await opsCall(t, admin, 'GET', contentPaths.page)).json() as TContentPage).sourcesInUse).toEqual(['YT2']);
    const body = await expectRefused(
      LIST.filter((s) => s.code !== 'YT2' && s.code !== 'LINE'),
      undefined,
    );
    expect(body).toMatchObject({ reason: 'in-use', codes: ['YT2'] });
    const withoutLine = LIST.filter((s) => s.code !== 'LINE').map((s) =>
      s.code === 'FB' ? { ...s, description: 'Facebook' } : s,
    );
    expect((await put(withoutLine, 'เลิกใช้ LINE')).statusCode).toBe(200);
    expect((await served()).map((s: { code: string }) => s.code)).toEqual(['TIKTOK', 'FB', 'YT2']);
    // A restart seeds again: the removed sources stay removed.
    await seed(t.db, t.ctx.config);
    expect((await served()).map((s: { code: string }) => s.code)).toEqual(['TIKTOK', 'FB', 'YT2']);
  });

  it('refuses a role without settings.manage, changing nothing', async () => {
    const support = await signedInStaff(t, 'support');
    const before = { rows: await table(), audit: (await auditOf()).length };
    const res = await put([{ code: 'HACK', description: 'x' }], 'ลองแก้ดู', support);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('OPS_FORBIDDEN');
    expect(await table()).toEqual(before.rows);
    expect((await auditOf()).length).toBe(before.audit);
  });

  it('refuses a missing reason', async () => {
    const res = await put(LIST, '');
    expect(res.statusCode).toBe(400);
  });
});
