// Helpers the TrueMoney tests share: gift links encrypted exactly as the SPA does, vouchers, the
// sandbox's books and faults, and a sweep with a logger the test can read.
import { randomUUID } from 'node:crypto';
import { TRUELINK_PASSPHRASE } from '@krapao/contracts/deposit';
import type { TDepositLookup } from '@krapao/contracts/lookup';
import CryptoJS from 'crypto-js';
import { vi } from 'vitest';
import { isSandboxTruemoney, type SandboxTruemoney } from '../../../adapters/truemoney/sandbox-truemoney.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { createMemberRepository } from '../../account/member.repository.ts';
import { createSettingsRepository } from '../../lookup/settings.repository.ts';
import { call, type Member } from '../../wallet/testing.ts';
import { SEED_DEPOSIT_MINIMUMS, seedDepositLookup } from '../seed-deposit.ts';
import { createTruemoneySweep } from './truemoney-sweep.job.ts';

/** What the SPA sends: CryptoJS.AES.encrypt(link, TRUELINK_PASSPHRASE).toString(). */
export function encryptLink(link: string, passphrase = TRUELINK_PASSPHRASE): string {
  return CryptoJS.AES.encrypt(link, passphrase).toString();
}

export function sandboxOf(t: TestApp): SandboxTruemoney {
  const adapter = t.ctx.payments.truemoney;
  if (!isSandboxTruemoney(adapter)) throw new Error('TrueMoney is not the sandbox');
  return adapter;
}

/** A new voucher through the dev endpoint: its gift link, hash and amount. */
export async function newVoucher(t: TestApp, amount: number) {
  const res = await t.app.inject({ method: 'POST', url: '/dev/truemoney/voucher', payload: { amount } });
  if (res.statusCode !== 200) throw new Error(`voucher: ${res.body}`);
  return res.json() as { link: string; voucher: string; amount: number };
}

export function sendLink(t: TestApp, m: Member, link: string, key = `tl-${randomUUID()}`) {
  return call(t, m, 'POST', '/api/wallet/truelink', { link }, key);
}

export async function voucherRow(t: TestApp, hash: string) {
  const row = await sandboxOf(t).books.byRef(hash);
  if (!row) throw new Error(`no sandbox row ${hash}`);
  return row;
}

export function sweepWithLog(t: TestApp) {
  const log = { warn: vi.fn(), error: vi.fn() };
  return { sweep: createTruemoneySweep(t.ctx, log), log };
}

/** Replaces the deposit lookup's wallets and minimum (the seeded lookup otherwise). */
export async function setDepositLookup(t: TestApp, change: Partial<TDepositLookup> = {}) {
  const next = { ...seedDepositLookup(false), ...change };
  const settings = createSettingsRepository(t.db);
  await settings.set('deposit', next);
  // The minimum a baht member meets is the per-currency one: the lookup's figure becomes it.
  await settings.set('depositMinimums', { ...SEED_DEPOSIT_MINIMUMS, BAHT: next.minimumDeposit });
}

export async function statementRows(t: TestApp, m: Member) {
  const res = await call(t, m, 'POST', '/api/statement', { page: 1, limit: 50 });
  return res.json().statements as { statementType: string; from: string; amount: number; status: string }[];
}

/** The member proved their phone by OTP (as a registration with OTP on records it). */
export async function provePhone(t: TestApp, m: Member) {
  await t.db.transaction((tx) => createMemberRepository(t.db).markPhoneVerified(tx, m.memberId, new Date()));
}
