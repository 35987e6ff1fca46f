import type { TBonus } from '@krapao/contracts/bonus';
import { useState } from 'react';
import { useBonuses } from '../api/get-bonuses';
import { bonusCardState } from '../lib/bonus-card-state';
import { BonusCard } from './bonus-card';
import { BonusModal } from './bonus-modal';
import { type ActivationResult, ResultDialog } from './result-dialog';

/** The bonus cards of GET /api/bonus; a failed load leaves the grid empty. */
export function BonusGrid() {
  const bonuses = useBonuses();
  const [openCode, setOpenCode] = useState<string | null>(null);
  const [result, setResult] = useState<ActivationResult | null>(null);
  const list = bonuses.data ?? [];
  const now = new Date();
  // The card's latest data (after a refetch the open bonus may have become current).
  const open = list.find((bonus) => bonus.code === openCode) ?? null;

  return (
    <>
      <ul data-testid="bonus-grid" aria-busy={bonuses.isPending} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {list.map((bonus: TBonus) => (
          <li key={bonus.code}>
            <BonusCard bonus={bonus} state={bonusCardState(bonus, now)} onOpen={() => setOpenCode(bonus.code)} />
          </li>
        ))}
      </ul>
      {open ? (
        <BonusModal
          bonus={open}
          isActive={open.userBonus?.isActive === true}
          onClose={() => setOpenCode(null)}
          onResult={setResult}
        />
      ) : null}
      <ResultDialog result={result} onClose={() => setResult(null)} />
    </>
  );
}
