// The console's content page: each change is audited with its reason and then served by the member
// lookups in the member's language, Thai where that language has none; a refused value answers
// KEY_INVALID and leaves the setting and the audit trail alone.
import { type ContentSetting, contentPaths, type TContentPage } from '@krapao/contracts/ops/content';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/lookup.ts';
import { auditLog } from '../../db/schema/ops.ts';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';

let t: TestApp;
let admin: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'admin');
});
afterAll(() => t.close());

const member = async (url: string, language?: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url,
      headers: { ...headers(), ...(language ? { 'accept-language': language } : {}) },
    })
  ).json();
const put = (key: ContentSetting, value: unknown, reason = 'แก้ข้อความตามฝ่ายการตลาด', s = admin) =>
  opsCall(t, s, 'PUT', contentPaths[key], { value, reason });
const page = async (): Promise<TContentPage> => (await opsCall(t, admin, 'GET', contentPaths.page)).json();

const auditOf = (key: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'setting'), eq(auditLog.objectId, key)));
const stored = async (key: string) => (await t.db.select().from(settings).where(eq(settings.key, key)))[0]?.value;

/** A refusal: KEY_INVALID naming `field`, with the stored value and the audit trail as they were. */
async function expectRefused(key: ContentSetting, value: unknown, field: string) {
  const before = { value: await stored(key), audit: (await auditOf(key)).length };
  const res = await put(key, value);
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toBe('KEY_INVALID');
  expect(JSON.stringify(res.json().fields)).toContain(field);
  expect(await stored(key)).toEqual(before.value);
  expect((await auditOf(key)).length).toBe(before.audit);
}

const contact = {
  contactText: { th: 'ติดต่อเราทาง LINE', la: 'ຕິດຕໍ່ພວກເຮົາທາງ LINE', en: 'Reach us on LINE' },
  lineLink: 'https://line.me/R/ti/p/@newkrapao',
  lineName: '@newkrapao',
  lineQR: '/uploads/line-qr.png',
};

describe('old plain-string values', () => {
  it('are served as they are in every language and read as Thai by the console', async () => {
    const seeded = await member('/api/lookup/notice');
    expect(typeof (await stored('notice'))).toBe('string');
    expect(await member('/api/lookup/notice', 'en')).toEqual(seeded);
    expect(await member('/api/lookup/conditions', 'la')).toEqual(await member('/api/lookup/conditions'));
    expect((await page()).notice).toEqual({ th: seeded.notice });
  });
});

describe('texts per language', () => {
  it('saves the contact: audited with who and why, served per language, the QR and link as given', async () => {
    const res = await put('contact', contact, 'เปลี่ยนบัญชี LINE ใหม่');
    expect(res.statusCode).toBe(200);
    expect(res.json().contact).toEqual(contact);
    expect(res.json().lastChanges.contact.staffName).toEqual(expect.any(String));
    const [entry] = await auditOf('contact');
    expect(entry).toMatchObject({ staffId: admin.id, action: 'setting.change', reason: 'เปลี่ยนบัญชี LINE ใหม่' });
    expect(entry?.after).toEqual(contact);
    const th = await member('/api/lookup/contact');
    expect(th).toEqual({ ...contact, contactText: 'ติดต่อเราทาง LINE' });
    expect((await member('/api/lookup/contact', 'la')).contactText).toBe('ຕິດຕໍ່ພວກເຮົາທາງ LINE');
    expect((await member('/api/lookup/contact', 'lo-LA,lo;q=0.9')).contactText).toBe('ຕິດຕໍ່ພວກເຮົາທາງ LINE');
    expect((await member('/api/lookup/contact', 'en-US,en;q=0.8')).contactText).toBe('Reach us on LINE');
  });

  it('serves Thai where a language is missing, and stores an empty language as absent', async () => {
    const conditions = [{ th: '<p>ข้อ 1</p>', en: '<p>Rule 1</p>', la: '' }, { th: '<p>ข้อ 2</p>' }];
    expect((await put('conditions', conditions)).statusCode).toBe(200);
    expect(await stored('conditions')).toEqual([{ th: '<p>ข้อ 1</p>', en: '<p>Rule 1</p>' }, { th: '<p>ข้อ 2</p>' }]);
    expect(await member('/api/lookup/conditions', 'en')).toEqual(['<p>Rule 1</p>', '<p>ข้อ 2</p>']);
    expect(await member('/api/lookup/conditions', 'la')).toEqual(['<p>ข้อ 1</p>', '<p>ข้อ 2</p>']);
    expect(await member('/api/lookup/conditions', 'fr')).toEqual(['<p>ข้อ 1</p>', '<p>ข้อ 2</p>']);
  });

  it('saves the notice, agreements and info', async () => {
    const notice = { th: 'ต่ำกว่า {percentFail}% จบโบนัส', en: 'Below {percentFail}% the bonus ends' };
    expect((await put('notice', notice)).statusCode).toBe(200);
    expect(await member('/api/lookup/notice', 'en')).toEqual({ notice: notice.en });
    expect(await member('/api/lookup/notice', 'th')).toEqual({ notice: notice.th });
    expect((await put('agreements', [{ th: '<p>ยอมรับ</p>', la: '<p>ຍອມຮັບ</p>' }])).statusCode).toBe(200);
    expect(await member('/api/lookup/agreements', 'la')).toEqual(['<p>ຍອມຮັບ</p>']);
    const info = { name: 'Krapao Plus', website: 'https://krapao.example' };
    expect((await put('info', info)).statusCode).toBe(200);
    expect(await member('/api/lookup/info')).toEqual(info);
    expect(Object.keys((await page()).lastChanges).sort()).toEqual([
      'agreements',
      'conditions',
      'contact',
      'info',
      'notice',
    ]);
  });
});

describe('refusals', () => {
  it('refuses an empty Thai text', async () => {
    await expectRefused('notice', { th: '  ', en: 'English only' }, 'th');
    await expectRefused('conditions', [{ th: '', en: 'x' }], 'th');
  });

  it('refuses a LINE link that is not an https URL', async () => {
    await expectRefused('contact', { ...contact, lineLink: 'http://line.me/x' }, 'lineLink');
    await expectRefused('contact', { ...contact, lineLink: 'javascript:alert(1)' }, 'lineLink');
  });

  it('refuses a too-long text and a missing reason', async () => {
    await expectRefused('notice', { th: 'ก'.repeat(2_001) }, 'th');
    await expectRefused('contact', { ...contact, contactText: { th: 'ok', en: 'x'.repeat(2_001) } }, 'en');
    await expectRefused('contact', { ...contact, lineQR: 'javascript:alert(1)' }, 'lineQR');
    const res = await put('notice', { th: 'ข้อความ' }, '');
    expect(res.statusCode).toBe(400);
  });

  it('refuses staff without settings.manage, changing nothing', async () => {
    const support = await signedInStaff(t, 'support');
    const before = await stored('notice');
    const res = await put('notice', { th: 'แอบแก้' }, 'ลองแก้ดู', support);
    expect(res.statusCode).toBe(403);
    expect((await opsCall(t, support, 'GET', contentPaths.page)).statusCode).toBe(403);
    expect(await stored('notice')).toEqual(before);
  });
});
