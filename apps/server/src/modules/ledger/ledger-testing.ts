// Helpers for ledger tests: members with money, without going through HTTP.
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../lib/password.ts';
import { createMemberRepository } from '../account/member.repository.ts';
import { bookDeposit } from '../deposit/credit.ts';
import { createLedger } from './ledger.service.ts';

let counter = 0;
let passwordHash: Promise<string> | null = null;

/** A member with a WALLET holding `amount` minor units, credited like a deposit. */
export async function memberWithMoney(db: Db, amount: bigint, currency: 'BAHT' | 'LAK' = 'BAHT') {
  counter += 1;
  const tag = `${process.pid % 1000}${Date.now() % 100_000}${counter}`.slice(-8).padStart(8, '0');
  passwordHash ??= hashPassword('secret123');
  const memberId = await createMemberRepository(db).insert({
    username: `09${tag}`,
    name: `Ledger ${tag}`,
    passwordHash: await passwordHash,
    currency,
    sourceCode: null,
    referrerId: null,
    bankCode: 'SCB',
    bankAccountName: 'LEDGER TEST',
    bankAccountNo: `5${tag}1`,
  });
  if (amount > 0n) await deposit(db, memberId, amount, currency);
  return memberId;
}

export async function deposit(db: Db, memberId: number, amount: bigint, currency = 'BAHT') {
  await bookDeposit(db, { memberId, amount, currency });
}

export async function walletBalance(db: Db, memberId: number): Promise<bigint> {
  const wallet = await createLedger({ db }).memberAccount(memberId, 'WALLET');
  return wallet!.balance;
}
