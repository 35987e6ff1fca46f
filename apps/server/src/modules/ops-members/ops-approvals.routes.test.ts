// Manual credits and debits, payout account changes, and the four-eyes queue that holds them.
import { approvalsPaths } from '@krapao/contracts/ops/approvals';
import { membersPaths } from '@krapao/contracts/ops/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newMember } from '../auth/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { walletBalance } from '../ledger/ledger-testing.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { auditActions, pathOf } from './testing.ts';

let t: TestApp;
let owner: SignedInStaff;
let finance: SignedInStaff;
let finance2: SignedInStaff;
let support: SignedInStaff;
beforeAll(async () => {
  // BAHT: 1 000 baht books at once, anything more waits.
  t = await createTestApp({ OPS_MANUAL_ADJUST_LIMIT_BAHT: '1000' });
  owner = await signedInStaff(t, 'owner');
  finance = await signedInStaff(t, 'finance');
  finance2 = await signedInStaff(t, 'finance');
  support = await signedInStaff(t, 'support');
});
afterAll(() => t.close());

const adjust = (s: SignedInStaff, memberId: number, body: object) =>
  opsCall(t, s, 'POST', pathOf(membersPaths.adjust, memberId), body);
const decide = (s: SignedInStaff, path: string, id: number, reason = 'checked the slip') =>
  opsCall(t, s, 'POST', pathOf(path, id), { reason });
const pending = async (memberId: number) =>
  (await opsCall(t, owner, 'GET', `${approvalsPaths.list}?memberId=${memberId}`)).json().items as { id: number }[];

describe('manual credit and debit', () => {
  it('at the limit books at once, shows on the statement as money in, and is audited', async () => {
    const m = await newMember(t);
    const res = await adjust(finance, m.id, { kind: 'credit', amount: 1000, reason: 'goodwill credit' });
    expect(res.statusCode).toBe(200);
    expect(res.json().approval).toMatchObject({ kind: 'credit', amount: 1000, status: 'booked', decidedBy: null });
    expect(await walletBalance(t.db, m.id)).toBe(100_000n);
    const statement = await opsCall(t, finance, 'GET', pathOf(membersPaths.statement, m.id));
    expect(statement.json().items[0]).toMatchObject({ statementType: 'deposit', type: 'ADJUSTMENT', amount: 1000 });
    expect(await auditActions(t, owner, m.id)).toEqual(['member.adjust.request', 'member.adjust.book']);
    expect(await pending(m.id)).toEqual([]);
  });

  it('above the limit waits; the requester cannot approve; a second person books it once', async () => {
    const m = await newMember(t);
    const res = await adjust(finance, m.id, { kind: 'credit', amount: 1000.01, reason: 'lost deposit' });
    const { id, status } = res.json().approval;
    expect(status).toBe('pending');
    expect(await walletBalance(t.db, m.id)).toBe(0n);
    expect((await pending(m.id)).map((a) => a.id)).toEqual([id]);

    const self = await decide(finance, approvalsPaths.adjustmentApprove, id);
    expect(self.json().message).toBe('OPS_SELF_APPROVAL');
    expect(await walletBalance(t.db, m.id)).toBe(0n);

    const ok = await decide(finance2, approvalsPaths.adjustmentApprove, id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().approval).toMatchObject({ status: 'booked', decidedBy: finance2.id });
    expect(await walletBalance(t.db, m.id)).toBe(100_001n);

    const again = await decide(owner, approvalsPaths.adjustmentApprove, id);
    expect(again.json().message).toBe('OPS_ALREADY_DECIDED');
    expect(await walletBalance(t.db, m.id)).toBe(100_001n);
    expect(await auditActions(t, owner, m.id)).toEqual([
      'member.adjust.request',
      'approval.approve',
      'member.adjust.book',
    ]);
  });

  it('a debit never takes the wallet below zero: MONEY_NOT_ENOUGH, the request stays pending', async () => {
    const m = await newMember(t);
    await adjust(finance, m.id, { kind: 'credit', amount: 100, reason: 'goodwill credit' });
    const small = await adjust(finance, m.id, { kind: 'debit', amount: 200, reason: 'clawback' });
    expect(small.json().message).toBe('MONEY_NOT_ENOUGH');
    const big = await adjust(finance, m.id, { kind: 'debit', amount: 5000, reason: 'clawback' });
    const { id } = big.json().approval;
    const res = await decide(finance2, approvalsPaths.adjustmentApprove, id);
    expect(res.json().message).toBe('MONEY_NOT_ENOUGH');
    expect(await walletBalance(t.db, m.id)).toBe(10_000n);
    expect((await pending(m.id)).map((a) => a.id)).toEqual([id]);

    const debit = await adjust(finance, m.id, { kind: 'debit', amount: 40, reason: 'clawback' });
    expect(debit.json().approval.status).toBe('booked');
    expect(await walletBalance(t.db, m.id)).toBe(6_000n);
  });

  it('a rejection books nothing and is audited', async () => {
    const m = await newMember(t);
    const { id } = (await adjust(finance, m.id, { kind: 'credit', amount: 2000, reason: 'lost deposit' })).json()
      .approval;
    const res = await decide(finance2, approvalsPaths.adjustmentReject, id, 'no such deposit');
    expect(res.json().approval.status).toBe('rejected');
    expect((await decide(owner, approvalsPaths.adjustmentApprove, id)).json().message).toBe('OPS_ALREADY_DECIDED');
    expect(await walletBalance(t.db, m.id)).toBe(0n);
    expect(await auditActions(t, owner, m.id)).toEqual(['member.adjust.request', 'approval.reject']);
  });

  it('refuses bad input, a missing reason and an unknown member, changing nothing', async () => {
    const m = await newMember(t);
    expect((await adjust(finance, m.id, { kind: 'credit', amount: 10 })).json().message).toBe('KEY_MISSING');
    for (const body of [
      { kind: 'credit', amount: 10, reason: 'x' },
      { kind: 'credit', amount: -10, reason: 'negative' },
      { kind: 'credit', amount: 10.001, reason: 'three places' },
      { kind: 'gift', amount: 10, reason: 'no such kind' },
    ]) {
      const res = await adjust(finance, m.id, body);
      expect(res.json().message, JSON.stringify(body)).toBe('KEY_INVALID');
    }
    expect((await adjust(finance, 99_999_999, { kind: 'credit', amount: 1, reason: 'nobody' })).json().message).toBe(
      'NO_DATA',
    );
    expect((await decide(finance2, approvalsPaths.adjustmentApprove, 99_999_999)).json().message).toBe('NO_DATA');
    expect(await walletBalance(t.db, m.id)).toBe(0n);
    expect(await auditActions(t, owner, m.id)).toEqual([]);
  });
});

describe('payout account change', () => {
  it('waits for a second person, who applies it; both steps audited', async () => {
    const m = await newMember(t);
    const body = { bankCode: 'SCB', accountNo: `77${m.username}`, accountName: 'NEW NAME', reason: 'bank closed' };
    const req = await opsCall(t, support, 'POST', pathOf(membersPaths.bankChange, m.id), body);
    expect(req.statusCode).toBe(200);
    const { id, status, bankAccount } = req.json().approval;
    expect(status).toBe('pending');
    expect(bankAccount).toEqual({ bankCode: 'SCB', accountNo: body.accountNo, accountName: 'NEW NAME' });

    // An adjustment decision does not reach a bank change, nor the reverse.
    expect((await decide(finance, approvalsPaths.adjustmentApprove, id)).json().message).toBe('NO_DATA');
    const ok = await decide(finance, approvalsPaths.bankChangeApprove, id);
    expect(ok.json().approval.status).toBe('approved');
    const page = await opsCall(t, support, 'GET', pathOf(membersPaths.member, m.id));
    expect(page.json().bankAccount).toMatchObject({ bankCode: 'SCB', accountNo: body.accountNo });
    expect(await auditActions(t, owner, m.id)).toEqual([
      'member.bank.request',
      'approval.approve',
      'member.bank.change',
    ]);
  });

  it('refuses a bank that does not exist and an account another member has', async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    const send = (body: object) =>
      opsCall(t, support, 'POST', pathOf(membersPaths.bankChange, m.id), {
        accountName: 'X',
        reason: 'moved',
        ...body,
      });
    expect((await send({ bankCode: 'NOPE', accountNo: '123' })).json().message).toBe('INVALID_BANK');
    expect((await send({ bankCode: 'KBANK', accountNo: other.bankAccountNo })).json().message).toBe('EXISTING_BANK');
    expect(await auditActions(t, owner, m.id)).toEqual([]);
  });

  it('the requester cannot approve their own change', async () => {
    const m = await newMember(t);
    const body = { bankCode: 'SCB', accountNo: `78${m.username}`, accountName: 'NEW', reason: 'bank closed' };
    const { id } = (await opsCall(t, owner, 'POST', pathOf(membersPaths.bankChange, m.id), body)).json().approval;
    expect((await decide(owner, approvalsPaths.bankChangeApprove, id)).json().message).toBe('OPS_SELF_APPROVAL');
  });
});

it('leaves the ledger consistent: every manual credit traces to its booked request', async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});
