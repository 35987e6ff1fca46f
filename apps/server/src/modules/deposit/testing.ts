// Helpers the deposit tests share.
import type { TDepositLookup } from '@krapao/contracts/lookup';
import type { TestApp } from '../../test/test-app.ts';
import { createSettingsRepository } from '../lookup/settings.repository.ts';
import { createDepositCredit } from './credit.ts';
import { SEED_DEPOSIT_MINIMUMS } from './seed-deposit.ts';

/** Changes the deposit lookup; answers the lookup as it was, to put back. */
export async function editDepositLookup(t: TestApp, edit: (l: TDepositLookup) => TDepositLookup) {
  const settings = createSettingsRepository(t.db);
  const current = await settings.get('deposit');
  if (!current) throw new Error('no deposit lookup seeded');
  const next = edit(current);
  await settings.set('deposit', next);
  // The minimum a baht member meets is the per-currency one: the edit's figure becomes it.
  await settings.set('depositMinimums', { ...SEED_DEPOSIT_MINIMUMS, BAHT: next.minimumDeposit });
  return current;
}

/** A bank transfer of `baht` credited under `reference` through the one credit path (house rules included). */
export function bankCredit(t: TestApp, memberId: number, baht: number, reference: string) {
  return createDepositCredit(t.ctx).credit({
    memberId,
    amount: BigInt(Math.round(baht * 100)),
    currency: 'BAHT',
    source: 'BANK',
    reference,
    fromCode: 'SCB',
  });
}
