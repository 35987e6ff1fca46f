// Helpers the slip tests share: an app on a clock the test moves, a transfer recorded in the
// sandbox bank feed with its slip image, and the multipart upload of a file.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { SLIP_FILE_FIELD } from '@krapao/contracts/deposit';
import { toMinor } from '@krapao/contracts/money';
import { eq } from 'drizzle-orm';
import { renderSlipPng } from '../../../adapters/slip/slip-image.ts';
import { bankAccounts } from '../../../db/schema/account.ts';
import { sandboxBankFeed, slips } from '../../../db/schema/deposits.ts';
import { createTestApp, headers, type TestApp } from '../../../test/test-app.ts';
import type { Member } from '../../wallet/testing.ts';

/** The seeded house accounts (seed-deposit.ts) slips are paid into. */
export const HOUSE_KBANK = { bankCode: 'KBANK', accountNo: '0591234567' } as const;
/** Noon in Bangkok: the slip window (23:50–00:10) is open. */
export const NOON_BANGKOK = '2026-03-10T05:00:00.000Z';

export type Clock = { now: () => Date; set(iso: string): void; advance(ms: number): void };

export function testClock(start = NOON_BANGKOK): Clock {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    set: (iso) => {
      at = new Date(iso).getTime();
    },
    advance: (ms) => {
      at += ms;
    },
  };
}

/** A test app with the jobs off, uploads in a fresh directory and generous attempt limits. */
export async function slipTestApp(clock: Clock, env: Record<string, string> = {}) {
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'krapao-slips-'));
  const t = await createTestApp(
    {
      UPLOAD_DIR: uploadDir,
      SLIP_JOB_INTERVAL_MS: '0',
      BANK_FEED_INTERVAL_MS: '0',
      TRUEMONEY_INTERVAL_MS: '0',
      PAYOUT_INTERVAL_MS: '0',
      QR_JOB_INTERVAL_MS: '0',
      SLIP_VERIFY_TIMEOUT_MS: '200',
      SLIP_MAX_PER_MINUTE: '1000',
      SLIP_IP_MAX_PER_MINUTE: '1000',
      ...env,
    },
    { now: clock.now },
  );
  return Object.assign(t, { uploadDir });
}

export async function registeredAccount(t: TestApp, memberId: number) {
  const [row] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.memberId, memberId));
  return { bankCode: row!.bankCode, accountNo: row!.accountNo };
}

export type Transfer = {
  from: { bankCode: string; accountNo: string };
  to?: { bankCode: string; accountNo: string };
  amount: number;
  occurredAt: Date;
  /** When the bank's statement shows it; occurredAt when absent. */
  visibleAt?: Date;
};

/** A transfer in the sandbox bank feed (as the member's bank app made it) and its slip image. */
export async function recordTransfer(t: TestApp, tr: Transfer) {
  const to = tr.to ?? HOUSE_KBANK;
  const sendingBank = '014';
  const transRef = `T${randomBytes(9).toString('hex').toUpperCase()}`;
  await t.db.insert(sandboxBankFeed).values({
    sendingBank,
    transRef,
    fromBankCode: tr.from.bankCode,
    fromAccountNo: tr.from.accountNo,
    toBankCode: to.bankCode,
    toAccountNo: to.accountNo,
    amount: toMinor(tr.amount),
    currency: 'BAHT',
    occurredAt: tr.occurredAt,
    visibleAt: tr.visibleAt ?? tr.occurredAt,
  });
  const png = await renderSlipPng({
    sendingBank,
    transRef,
    fromBankCode: tr.from.bankCode,
    fromAccountNo: tr.from.accountNo,
    toBankCode: to.bankCode,
    toAccountNo: to.accountNo,
    amount: tr.amount,
    occurredAt: tr.occurredAt,
  });
  return { sendingBank, transRef, png };
}

export function multipartBody(data: Buffer, opts: { name?: string; type?: string; field?: string } = {}) {
  const boundary = `----krapaoslip${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? SLIP_FILE_FIELD}"; ` +
      `filename="${opts.name ?? 'slip.png'}"\r\nContent-Type: ${opts.type ?? 'image/png'}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export function uploadSlip(
  t: TestApp,
  m: Member,
  data: Buffer,
  opts: { name?: string; type?: string; field?: string; ip?: string } = {},
) {
  const body = multipartBody(data, opts);
  return t.app.inject({
    method: 'POST',
    url: '/api/wallet/slip',
    payload: body.payload,
    headers: { ...headers(m.token), 'content-type': body.contentType },
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
}

export async function slipOf(t: TestApp, reference: string) {
  const [row] = await t.db.select().from(slips).where(eq(slips.reference, reference));
  return row!;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A whole PNG whose header declares width × height, with only a few bytes of pixels. */
export function declaredPng(width: number, height: number, extraChunks: Buffer[] = []): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...extraChunks,
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A tEXt chunk: how a script rides inside a valid PNG's metadata. */
export function textChunk(keyword: string, text: string): Buffer {
  return chunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1'));
}
