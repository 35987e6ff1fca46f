// The member's slip list (POST /api/statement/slip) and the short-lived signed link to a slip image.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedBytes } from '../../../adapters/storage/testing.ts';
import { headers } from '../../../test/test-app.ts';
import { call, type Member, signedInMember } from '../../wallet/testing.ts';
import { slipOf, slipTestApp, testClock, uploadSlip } from './testing.ts';

const clock = testClock();
let t: Awaited<ReturnType<typeof slipTestApp>>;
let owner: Member;
let other: Member;
let references: string[];
beforeAll(async () => {
  t = await slipTestApp(clock);
  owner = await signedInMember(t, 0);
  other = await signedInMember(t, 0);
  const tiny = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  references = [];
  for (let i = 0; i < 12; i++) {
    clock.advance(1_000);
    references.push((await uploadSlip(t, owner, tiny)).json().reference);
  }
});
afterAll(() => t.close());

const list = (m: Member, page: number, limit = 10) => call(t, m, 'POST', '/api/statement/slip', { page, limit });
const referenceUrl = (m: Member, reference: string) =>
  call(t, m, 'GET', `/api/statement/slip/reference/${encodeURIComponent(reference)}`);
const open = (url: string) => t.app.inject({ method: 'GET', url });

describe('POST /api/statement/slip', () => {
  it('pages the member’s own slips, newest first, with the total', async () => {
    const first = await list(owner, 1);
    expect(first.statusCode).toBe(200);
    expect(first.json().total).toBe(12);
    expect(first.json().slips.map((s: { reference: string }) => s.reference)).toEqual(references.slice(2).reverse());
    expect(first.json().slips[0]).toEqual({
      createdAt: new Date(clock.now()).toISOString(),
      amount: 0,
      status: 'FAILED',
      note: 'CANNOT_READ_CROPPED_IMAGE',
      link: null,
      reference: references[11],
    });
    const second = await list(owner, 2);
    expect(second.json().slips.map((s: { reference: string }) => s.reference)).toEqual(
      references.slice(0, 2).reverse(),
    );
    expect((await list(owner, 3)).json()).toEqual({ total: 12, slips: [] });
    expect((await list(other, 1)).json()).toEqual({ total: 0, slips: [] });
  });

  it('refuses a bad page and a caller without a session', async () => {
    expect((await list(owner, 0)).json().message).toBe('KEY_INVALID');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/statement/slip',
      headers: headers(),
      payload: { page: 1, limit: 10 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the slip image link', () => {
  it('shows the owner the stored image through a signed link, with safe headers', async () => {
    const res = await referenceUrl(owner, references[0]!);
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(new RegExp(`^/api/statement/slip/image/${references[0]}\\?exp=\\d+&sig=[\\w-]+$`));
    const image = await open(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toBe('inline');
    expect(image.headers['cache-control']).toBe('private, no-store');
    const row = await slipOf(t, references[0]!);
    expect(image.rawPayload.equals(await storedBytes(t.ctx.files, row.filePath!))).toBe(true);
  });

  it('is NO_DATA for another member’s slip or an unknown reference', async () => {
    for (const reference of [references[0]!, 'no-such-reference']) {
      const res = await referenceUrl(other, reference);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'NO_DATA' });
    }
  });

  it('refuses a link without, or with a wrong, another slip’s or an expired signature', async () => {
    const { url } = (await referenceUrl(owner, references[1]!)).json();
    const [, query] = url.split('?');
    const sig = new URLSearchParams(query).get('sig')!;
    const exp = new URLSearchParams(query).get('exp')!;
    const forged = [
      `/api/statement/slip/image/${references[1]}`,
      `/api/statement/slip/image/${references[1]}?exp=${exp}&sig=${sig.slice(0, -2)}AA`,
      `/api/statement/slip/image/${references[1]}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `/api/statement/slip/image/${references[2]}?exp=${exp}&sig=${sig}`,
    ];
    for (const bad of forged) {
      const res = await open(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toEqual({ message: 'UNAUTHORIZED' });
    }
    expect((await open(url)).statusCode).toBe(200);
    clock.advance(5 * 60_000 + 1_000);
    expect((await open(url)).statusCode).toBe(403);
  });
});
