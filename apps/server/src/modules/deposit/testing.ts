// Helpers the deposit tests share.
import type { TDepositLookup } from '@krapao/contracts/lookup';
import type { TestApp } from '../../test/test-app.ts';
import { createSettingsRepository } from '../lookup/settings.repository.ts';

/** Changes the deposit lookup; answers the lookup as it was, to put back. */
export async function editDepositLookup(t: TestApp, edit: (l: TDepositLookup) => TDepositLookup) {
  const settings = createSettingsRepository(t.db);
  const current = await settings.get('deposit');
  if (!current) throw new Error('no deposit lookup seeded');
  await settings.set('deposit', edit(current));
  return current;
}
