// Approving is exactly once: two approvals of one manual credit at the same moment book it once.
// Races need real connections: this file runs on PostgreSQL only.
import { approvalsPaths } from '@krapao/contracts/ops/approvals';
import { membersPaths } from '@krapao/contracts/ops/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newMember } from '../auth/testing.ts';
import { walletBalance } from '../ledger/ledger-testing.ts';
import { opsCall, type SignedInStaff, signedInStaff } from '../staff/testing.ts';
import { auditActions, pathOf } from './testing.ts';

describe.skipIf(process.env.TEST_DB !== 'pg')('four-eyes approval under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let requester: SignedInStaff;
  let approvers: SignedInStaff[];
  beforeAll(async () => {
    t = await createTestApp({ OPS_MANUAL_ADJUST_LIMIT_BAHT: '100' });
    requester = await signedInStaff(t, 'finance');
    approvers = [await signedInStaff(t, 'finance'), await signedInStaff(t, 'admin')];
  });
  afterAll(() => t?.close());

  it('a manual credit approved twice at once books once, 10 trials', async () => {
    for (let trial = 0; trial < 10; trial++) {
      const m = await newMember(t);
      const req = await opsCall(t, requester, 'POST', pathOf(membersPaths.adjust, m.id), {
        kind: 'credit',
        amount: 500,
        reason: 'lost deposit',
      });
      const { id } = req.json().approval;
      const answers = await Promise.all(
        approvers.map((a) =>
          opsCall(t, a, 'POST', pathOf(approvalsPaths.adjustmentApprove, id), { reason: 'checked the slip' }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)?.json().message).toBe('OPS_ALREADY_DECIDED');
      expect(await walletBalance(t.db, m.id)).toBe(50_000n);
      const actions = await auditActions(t, approvers[1]!, m.id);
      expect(actions.filter((a) => a === 'member.adjust.book')).toHaveLength(1);
    }
  });
});
