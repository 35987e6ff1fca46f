// The registration sources on the console's content page: the whole list is saved with a reason,
// audited as setting/sources, and served at once by the member lookup in the member's language
// (Thai where a text has none); a refused list (bad or
// duplicate code, empty text, removing a source a member registered with, a role without
// settings.manage) changes neither the table nor the audit trail.
import { contentPaths, type TContentPage, type TSourcesSetting } from '@krapao/contracts/ops/content';
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
const served = async (language = 'th') =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/lookup/sources',
      headers: { ...headers(), 'accept-language': language },
    })
  ).json();
const pageSources = async () => ((await opsCall(t, admin, 'GET', contentPaths.page)).json() as TContentPage).sources;
/** What a Thai member is served of `list`. */
const thaiOf = (list: typeof LIST) => list.map((s) => ({ code: s.code, description: s.description.th }));
const table = () => t.db.select().from(sources).orderBy(asc(sources.sortOrder));
const auditOf = () =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'setting'), eq(auditLog.objectId, 'sources')));

/** A refusal: `code` (naming `field` when given), the table and the audit trail as they were. */
async function expectRefused(value: unknown, field?: string, code = 'KEY_INVALID') {
  const before = { rows: await table(), audit: (await auditOf()).length };
  const res = await put(value);
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toBe(code);
  if (field) expect(JSON.stringify(res.json().fields)).toContain(field);
  expect(await table()).toEqual(before.rows);
  expect((await auditOf()).length).toBe(before.audit);
  return res.json();
}

const LIST: TSourcesSetting = [
  { code: 'TIKTOK', description: { th: 'TikTok' } },
  { code: 'FB', description: { th: 'เฟซบุ๊ก', en: 'Facebook' } },
  { code: 'YT2', description: { th: 'ยูทูบ', la: 'ຢູທູບ', en: 'YouTube' } },
  { code: 'LINE', description: { th: 'LINE' } },
];
const text = (list: { code: string; description: string }[], code: string) =>
  list.find((s) => s.code === code)?.description;

describe('the seeded list', () => {
  it('serves each language its text, and a brand name (a plain string) the same in every one', async () => {
    expect(text(await served('th'), 'FRIEND')).toBe('เพื่อนแนะนำ');
    expect(text(await served('la'), 'FRIEND')).toBe('ໝູ່ແນະນຳ');
    expect(text(await served('lo-LA,lo;q=0.9'), 'FRIEND')).toBe('ໝູ່ແນະນຳ');
    expect(text(await served('en-US,en;q=0.9'), 'FRIEND')).toBe('A friend');
    for (const language of ['th', 'la', 'en']) expect(text(await served(language), 'FB')).toBe('Facebook');
    const page = await pageSources();
    expect(page.find((s) => s.code === 'FB')?.description).toEqual({ th: 'Facebook' });
    expect(page.find((s) => s.code === 'FRIEND')?.description).toEqual({
      th: 'เพื่อนแนะนำ',
      la: 'ໝູ່ແນະນຳ',
      en: 'A friend',
    });
  });
});

describe('saving the list', () => {
  it('is served by the member lookup in the new order, audited with who, why, before and after', async () => {
    const seeded = await pageSources();
    expect(seeded.length).toBeGreaterThan(0);
    const res = await put(LIST, 'เพิ่ม YouTube');
    expect(res.statusCode).toBe(200);
    const page: TContentPage = res.json();
    expect(page.sources).toEqual(LIST);
    expect(page.lastChanges.sources?.staffName).toEqual(expect.any(String));
    expect(await served()).toEqual(thaiOf(LIST));
    expect((await served('la')).map((s: { description: string }) => s.description)).toEqual([
      'TikTok',
      'เฟซบุ๊ก',
      'ຢູທູບ',
      'LINE',
    ]);
    expect(text(await served('en'), 'FB')).toBe('Facebook');
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
    const next = LIST.map((s) => (s.code === 'FB' ? { ...s, description: { th: '  เฟซบุ๊ก  ', en: ' Facebook ' } } : s));
    expect((await put(next)).statusCode).toBe(200);
    expect((await served())[1]).toEqual({ code: 'FB', description: 'เฟซบุ๊ก' });
    expect((await served('en'))[1]).toEqual({ code: 'FB', description: 'Facebook' });
    expect(events).toEqual([{ topic: 'setting', id: 'sources' }]);
  });
});

describe('refusals', () => {
  it('refuses a bad code, a duplicate code and an empty description', async () => {
    const th = (text: string) => ({ th: text });
    await expectRefused([...LIST, { code: 'x1', description: th('lower case') }], 'value/4/code');
    await expectRefused([...LIST, { code: 'A', description: th('too short') }], 'value/4/code');
    await expectRefused([...LIST, { code: 'ABCDEFGHIJKLMNOPQ', description: th('too long') }], 'value/4/code');
    await expectRefused([...LIST, { code: 'FB-2', description: th('dash') }], 'value/4/code');
    await expectRefused([...LIST, { code: 'FB', description: th('again') }], 'value/4/code');
    await expectRefused([...LIST, { code: 'NEW', description: th('   ') }], 'value/4/description/th');
    await expectRefused(
      [...LIST, { code: 'NEW', description: { en: 'No Thai' } }],
      'value/4/description/th',
      'KEY_MISSING',
    );
    await expectRefused(
      [...LIST, { code: 'NEW', description: { th: 'x', la: 'ລ'.repeat(101) } }],
      'value/4/description/la',
    );
    await expectRefused([...LIST, { code: 'NEW', description: 'one text for all' }], 'value/4/description');
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
      s.code === 'FB' ? { ...s, description: { th: 'Facebook' } } : s,
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
    const res = await put([{ code: 'HACK', description: { th: 'x' } }], 'ลองแก้ดู', support);
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
