// The console's carousel banners: a saved list is audited with its reason and then served by the
// member's invite and cashback screens; a refused list (an image from elsewhere, too many banners)
// answers KEY_INVALID and leaves the setting and the audit trail alone; other roles are refused.
import { bannersPaths, CAROUSEL_MAX_BANNERS, type Carousel } from '@krapao/contracts/ops/banners';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/lookup.ts';
import { auditLog } from '../../db/schema/ops.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { call, type Member, signedInMember } from '../wallet/testing.ts';

let t: TestApp;
let admin: SignedInStaff;
let member: Member;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'admin');
  member = await signedInMember(t, 0);
});
afterAll(() => t.close());

const UPLOADED = `/files/banners/${'a'.repeat(32)}.png`;
const put = (key: Carousel, value: unknown, s = admin, reason = 'เปลี่ยนแบนเนอร์ตามแคมเปญใหม่') =>
  opsCall(t, s, 'PUT', bannersPaths[key], { value, reason });
const auditOf = (key: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'setting'), eq(auditLog.objectId, key)));
const stored = async (key: string) => (await t.db.select().from(settings).where(eq(settings.key, key)))[0]?.value;

async function expectRefused(key: Carousel, value: unknown, s = admin, status = 400) {
  const before = { value: await stored(key), audit: (await auditOf(key)).length };
  const res = await put(key, value, s);
  expect(res.statusCode).toBe(status);
  expect(await stored(key)).toEqual(before.value);
  expect((await auditOf(key)).length).toBe(before.audit);
  return res.json();
}

describe('carousel banners', () => {
  it('lists both carousels as seeded', async () => {
    const res = await opsCall(t, admin, 'GET', bannersPaths.page);
    expect(res.statusCode).toBe(200);
    expect(res.json().inviteBanners).toEqual(await stored('inviteBanners'));
    expect(res.json().changes).toEqual({ inviteBanners: null, refundBanners: null });
  });

  it('saves the invite carousel reordered, audited, and the member invite screen serves it', async () => {
    const seeded = (await stored('inviteBanners')) as { image: string; html: string }[];
    const value = [{ image: UPLOADED, html: '<h3>ใหม่</h3>' }, ...seeded.slice(1).reverse()];
    const res = await put('inviteBanners', value);
    expect(res.statusCode).toBe(200);
    expect(res.json().inviteBanners).toEqual(value);
    expect(res.json().changes.inviteBanners.staffName).toEqual(expect.any(String));
    const [entry] = await auditOf('inviteBanners');
    expect(entry).toMatchObject({ staffId: admin.id, action: 'setting.change', reason: 'เปลี่ยนแบนเนอร์ตามแคมเปญใหม่' });
    expect(entry?.before).toEqual(seeded);
    expect(entry?.after).toEqual(value);
    expect((await call(t, member, 'GET', '/api/invite/banners')).json()).toEqual(value);
  });

  it('saves the cashback carousel (one removed, an https image) and the member refund screen serves it', async () => {
    const value = [{ image: 'https://cdn.example.com/cashback.png', html: '' }];
    expect((await put('refundBanners', value)).statusCode).toBe(200);
    expect((await call(t, member, 'GET', '/api/refund/banners')).json()).toEqual(value);
    expect((await put('refundBanners', [])).statusCode).toBe(200);
    expect((await call(t, member, 'GET', '/api/refund/banners')).json()).toEqual([]);
  });

  it.each([
    ['a plain http image', [{ image: 'http://cdn.example.com/a.png', html: '' }]],
    ['a path outside the uploads', [{ image: '/uploads/a.png', html: '' }]],
    ['a made-up upload name', [{ image: '/files/banners/../secret.png', html: '' }]],
    ['an empty image', [{ image: '', html: '' }]],
    ['too many banners', Array.from({ length: CAROUSEL_MAX_BANNERS + 1 }, () => ({ image: UPLOADED, html: '' }))],
  ])('refuses %s with KEY_INVALID and changes nothing', async (_, value) => {
    const body = await expectRefused('inviteBanners', value);
    expect(body.message).toBe('KEY_INVALID');
  });

  it('refuses a change without a reason', async () => {
    const before = (await auditOf('refundBanners')).length;
    const res = await opsCall(t, admin, 'PUT', bannersPaths.refundBanners, { value: [] });
    expect(res.statusCode).toBe(400);
    expect((await auditOf('refundBanners')).length).toBe(before);
  });

  it.each(['support', 'finance'] as const)('refuses the %s role and changes nothing', async (role) => {
    const staff = await signedInStaff(t, role);
    expect((await opsCall(t, staff, 'GET', bannersPaths.page)).statusCode).toBe(403);
    await expectRefused('inviteBanners', [{ image: UPLOADED, html: '' }], staff, 403);
  });
});
