// POST /api/wallet/slip refuses what is not a slip image before anything is recorded (decision 043),
// re-encodes what it keeps, counts attempts, and is closed during the daily window.
import { SLIP_MAX_BYTES } from '@krapao/contracts/deposit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedBytes, storedKeys } from '../../../adapters/storage/testing.ts';
import { slips } from '../../../db/schema/deposits.ts';
import { headers } from '../../../test/test-app.ts';
import { balances, signedInMember } from '../../wallet/testing.ts';
import {
  declaredPng,
  recordTransfer,
  registeredAccount,
  slipOf,
  slipTestApp,
  testClock,
  textChunk,
  uploadSlip,
} from './testing.ts';

const clock = testClock();
let t: Awaited<ReturnType<typeof slipTestApp>>;
beforeAll(async () => {
  t = await slipTestApp(clock, { SLIP_MAX_PER_MINUTE: '3', SLIP_IP_MAX_PER_MINUTE: '5' });
});
afterAll(() => t.close());

const storedFiles = () => storedKeys(t.db, 'slips');
const slipCount = async () => (await t.db.select().from(slips)).length;
let ipCounter = 0;
/** Each refusal from its own address and member, so the attempt limits stay out of the way. */
const fresh = async () => ({ m: await signedInMember(t, 0), ip: `10.9.0.${++ipCounter}` });

async function validSlipPng(memberId: number) {
  const from = await registeredAccount(t, memberId);
  return recordTransfer(t, { from, amount: 50, occurredAt: new Date(clock.now().getTime() - 60_000) });
}

describe('files that are not slip images', () => {
  const png = () =>
    sharp({ create: { width: 300, height: 400, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
  const cases: [string, () => Promise<Buffer>][] = [
    ['zero bytes', async () => Buffer.alloc(0)],
    ['an HTML page named .png', async () => Buffer.from('<html><script>alert(1)</script></html>')],
    [
      'an SVG with a script',
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['a truncated PNG', async () => (await png()).subarray(0, 200)],
    ['a PNG with a script after its end', async () => Buffer.concat([await png(), Buffer.from('<script>x</script>')])],
    [
      'a JPEG with an archive glued after it',
      async () =>
        sharp(await png())
          .jpeg()
          .toBuffer()
          .then((j) => Buffer.concat([j, Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(64)])),
    ],
    [
      'a GIF',
      async () =>
        sharp(await png())
          .gif()
          .toBuffer(),
    ],
    ['a PDF', async () => Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')],
  ];
  for (const [name, make] of cases) {
    it(`refuses ${name}: SLIP_INVALID_FILE, nothing stored or recorded`, async () => {
      const { m, ip } = await fresh();
      const before = { files: (await storedFiles()).length, slips: await slipCount() };
      const res = await uploadSlip(t, m, await make(), { ip });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: 'SLIP_INVALID_FILE' });
      expect({ files: (await storedFiles()).length, slips: await slipCount() }).toEqual(before);
    });
  }

  it('refuses a file above SLIP_MAX_BYTES', async () => {
    const { m, ip } = await fresh();
    const big = Buffer.concat([await png(), Buffer.alloc(SLIP_MAX_BYTES)]);
    const res = await uploadSlip(t, m, big, { ip });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'SLIP_INVALID_FILE', reason: 'tooLarge' });
  });

  it('refuses a decompression bomb by its declared size, before decoding it', async () => {
    const { m, ip } = await fresh();
    const res = await uploadSlip(t, m, declaredPng(30_000, 30_000), { ip });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'SLIP_INVALID_FILE', reason: 'IMG_SIZE_UNABLE_TO_PROCESS' });
  });

  it('answers SLIP_NO_FILE without a file part, or with the file under another field', async () => {
    const { m, ip } = await fresh();
    const wrongField = await uploadSlip(t, m, await png(), { field: 'image', ip });
    expect(wrongField.json()).toMatchObject({ message: 'SLIP_NO_FILE' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/slip',
      headers: headers(m.token),
      payload: { file: 'x' },
      remoteAddress: ip,
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ message: 'SLIP_NO_FILE' });
  });
});

describe('a slip image that is kept', () => {
  it('is re-encoded: a script in its metadata is not in the stored bytes, and WebP becomes PNG', async () => {
    const { m, ip } = await fresh();
    const slip = await validSlipPng(m.memberId);
    // A whole PNG with a tEXt chunk carrying a script, right after IHDR.
    const withScript = Buffer.concat([
      slip.png.subarray(0, 33),
      textChunk('Comment', '<script>alert(1)</script>'),
      slip.png.subarray(33),
    ]);
    const res = await uploadSlip(t, m, withScript, { ip });
    expect(res.json()).toMatchObject({ message: 'SUCCESS', amount: 50 });
    const row = await slipOf(t, res.json().reference);
    expect(row.filePath).toMatch(/^slips\/[0-9a-f]{32}\.png$/);
    const stored = await storedBytes(t.ctx.files, row.filePath!);
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(stored.subarray(1, 4).toString()).toBe('PNG');

    const other = await fresh();
    const webp = await sharp((await validSlipPng(other.m.memberId)).png)
      .webp({ lossless: true })
      .toBuffer();
    const res2 = await uploadSlip(t, other.m, webp, { name: 'slip.webp', type: 'image/webp', ip: other.ip });
    expect(res2.json()).toMatchObject({ message: 'SUCCESS' });
    expect((await slipOf(t, res2.json().reference)).filePath).toMatch(/\.png$/);
  });
  it('takes a slip of several megabytes (above the JSON body limit, within SLIP_MAX_BYTES)', async () => {
    const { m, ip } = await fresh();
    const slip = await validSlipPng(m.memberId);
    const padded = Buffer.concat([
      slip.png.subarray(0, 33),
      textChunk('Padding', 'x'.repeat(3_000_000)),
      slip.png.subarray(33),
    ]);
    const res = await uploadSlip(t, m, padded, { ip });
    expect(res.json()).toMatchObject({ message: 'SUCCESS', amount: 50 });
  });
});

describe('who may upload when', () => {
  it('counts attempts per member: REQUEST_LIMIT_1MIN past the limit, again next minute', async () => {
    const { m, ip } = await fresh();
    const junk = Buffer.from('not an image');
    for (let i = 0; i < 3; i++) expect((await uploadSlip(t, m, junk, { ip })).json().message).toBe('SLIP_INVALID_FILE');
    const limited = await uploadSlip(t, m, junk, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: 'REQUEST_LIMIT_1MIN' });
    clock.advance(61_000);
    expect((await uploadSlip(t, m, junk, { ip })).json().message).toBe('SLIP_INVALID_FILE');
  });

  it('counts attempts per IP across members', async () => {
    const ip = '10.9.1.1';
    const junk = Buffer.from('not an image');
    for (let i = 0; i < 5; i++) {
      const { m } = await fresh();
      expect((await uploadSlip(t, m, junk, { ip })).statusCode).toBe(400);
    }
    const { m } = await fresh();
    expect((await uploadSlip(t, m, junk, { ip })).json()).toMatchObject({ message: 'REQUEST_LIMIT_1MIN' });
  });

  it('is closed during the daily window (23:50–00:10 Bangkok): SLIP_UPLOAD_FAIL, nothing recorded', async () => {
    const { m, ip } = await fresh();
    clock.set('2026-03-10T16:55:00.000Z');
    const slip = await validSlipPng(m.memberId);
    const before = await slipCount();
    const lookup = await t.app.inject({ method: 'GET', url: '/api/lookup/slip', headers: headers() });
    expect(lookup.json().isClosed).toBe(true);
    const res = await uploadSlip(t, m, slip.png, { ip });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'SLIP_UPLOAD_FAIL', reason: 'closed' });
    expect(await slipCount()).toBe(before);
    expect((await balances(t, m)).wallet).toBe(0);
    clock.set('2026-03-10T17:11:00.000Z');
    expect((await uploadSlip(t, m, slip.png, { ip })).json().message).toBe('SUCCESS');
  });

  it('takes another window from the dev settings: equal ends never close; a malformed time changes nothing', async () => {
    const window = (slip: object) => t.app.inject({ method: 'PUT', url: '/dev/settings', payload: { slip } });
    const lookup = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/lookup/slip', headers: headers() })).json();
    clock.set('2026-03-10T16:55:00.000Z');
    expect((await window({ closeStart: '00:00', closeEnd: '00:00' })).statusCode).toBe(200);
    expect(await lookup()).toEqual({ closeStart: '00:00', closeEnd: '00:00', isClosed: false });
    const refused = await window({ closeStart: '24:00', closeEnd: '00:10' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('KEY_INVALID');
    expect((await lookup()).closeStart).toBe('00:00');
    expect((await window({ closeStart: '23:50', closeEnd: '00:10' })).statusCode).toBe(200);
    expect((await lookup()).isClosed).toBe(true);
  });
});
