// The how-to videos: served to members in their language (Thai where a language has none), edited
// from the console's content page through the settings trail; a refused address changes nothing.

import { lookupPaths } from '@krapao/contracts/lookup';
import { contentPaths, type THowtoSetting } from '@krapao/contracts/ops/content';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/lookup.ts';
import { auditLog } from '../../db/schema/ops.ts';
import { createTestApp, headers, type TestApp } from '../../test/test-app.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { SEED_HOWTO } from './howto.ts';

let t: TestApp;
let admin: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'admin');
});
afterAll(() => t.close());

const member = async (language?: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: lookupPaths.howto,
    headers: { ...headers(), ...(language ? { 'accept-language': language } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; title: string; video: string; poster: string }[];
};
const put = (value: unknown, reason = 'วิดีโอชุดใหม่', s = admin) =>
  opsCall(t, s, 'PUT', contentPaths.howto, { value, reason });
const stored = async () => (await t.db.select().from(settings).where(eq(settings.key, 'howto')))[0]?.value;
const audits = () =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'setting'), eq(auditLog.objectId, 'howto')));

const UPLOADED = `/files/banners/${'a'.repeat(32)}.png`;
const edited = (): THowtoSetting =>
  SEED_HOWTO.map((tutorial, i) =>
    i === 0
      ? {
          id: 'wallet' as const,
          title: { th: 'กระเป๋าเงินแบบใหม่', la: '', en: '' },
          video: 'https://cdn.example.com/howto/wallet-v2.mp4',
          poster: UPLOADED,
        }
      : (tutorial as THowtoSetting[number]),
  );

async function expectRefused(value: unknown) {
  const before = { value: await stored(), audits: (await audits()).length };
  const res = await put(value);
  expect(res.statusCode, JSON.stringify(value).slice(0, 200)).toBe(400);
  expect(res.json().message).toBe('KEY_INVALID');
  expect(await stored()).toEqual(before.value);
  expect(await audits()).toHaveLength(before.audits);
}

describe('GET /api/lookup/howto', () => {
  it('serves the seeded five videos, the shipped files, with titles in the asked language', async () => {
    const thai = await member();
    expect(thai.map((v) => v.id)).toEqual(['wallet', 'enter-game', 'balance-check', 'receive-bonus', 'end-bonus']);
    expect(thai[0]).toEqual({
      id: 'wallet',
      title: 'การใช้งานกระเป๋าเงิน',
      video: '/howto/wallet.mp4',
      poster: '/howto/wallet.jpg',
    });
    expect((await member('en-US,en;q=0.9'))[1]?.title).toBe('Entering a game');
    expect((await member('lo'))[2]?.title).toBe('ການກວດສອບຍອດເງິນ');
  });
});

describe('PUT /api/ops/content/howto', () => {
  it('refuses an address of another scheme, a path outside /howto and /files, a climb, and a wrong list', async () => {
    const withVideo = (video: string) => edited().map((v, i) => (i === 0 ? { ...v, video } : v));
    const withPoster = (poster: string) => edited().map((v, i) => (i === 0 ? { ...v, poster } : v));
    for (const video of [
      'javascript:alert(1)',
      'http://cdn.example.com/a.mp4',
      '/files/../etc/passwd.mp4',
      '/uploads/a.mp4',
      '/files/a.webm',
      'data:video/mp4;base64,AAAA',
      '//cdn.example.com/a.mp4',
    ])
      await expectRefused(withVideo(video));
    for (const poster of ['data:image/png;base64,AAAA', '/files/banners/x.png', 'http://example.com/a.jpg'])
      await expectRefused(withPoster(poster));
    await expectRefused(edited().slice(0, 4));
    await expectRefused(edited().map((v, i) => (i === 1 ? { ...v, id: 'wallet' } : v)));
    await expectRefused(edited().map((v, i) => (i === 1 ? { ...v, id: 'other' } : v)));
    await expectRefused(edited().map((v, i) => (i === 1 ? { ...v, title: { th: '' } } : v)));
  });

  it('refuses staff without settings.manage', async () => {
    const support = await signedInStaff(t, 'support');
    const res = await put(edited(), 'วิดีโอชุดใหม่', support);
    expect(res.statusCode).toBe(403);
    expect(await audits()).toHaveLength(0);
  });

  it('stores the change with its audit entry; members get it, Thai where their language is empty', async () => {
    const res = await put(edited());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().howto[0]).toEqual({
      id: 'wallet',
      title: { th: 'กระเป๋าเงินแบบใหม่' },
      video: 'https://cdn.example.com/howto/wallet-v2.mp4',
      poster: UPLOADED,
    });
    expect(res.json().lastChanges.howto).toMatchObject({ staffName: expect.any(String) });
    const [entry] = await audits();
    expect(entry).toMatchObject({ action: 'setting.change', staffId: admin.id, reason: 'วิดีโอชุดใหม่' });
    expect((entry!.before as unknown[])[0]).toMatchObject({ video: '/howto/wallet.mp4' });
    expect((entry!.after as unknown[])[0]).toMatchObject({ video: 'https://cdn.example.com/howto/wallet-v2.mp4' });

    const english = await member('en');
    expect(english[0]).toEqual({
      id: 'wallet',
      title: 'กระเป๋าเงินแบบใหม่',
      video: 'https://cdn.example.com/howto/wallet-v2.mp4',
      poster: UPLOADED,
    });
    expect(english[1]?.title).toBe('Entering a game');
  });
});
