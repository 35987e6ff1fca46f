import type { GameState, TOpsGame } from '@krapao/contracts/ops/games';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

const STATE_CLASS: Record<GameState, string> = {
  on: 'bg-emerald-100 text-emerald-800',
  maintenance: 'bg-amber-100 text-amber-900',
  off: 'bg-slate-200 text-slate-700',
};

type GameRowProps = {
  game: TOpsGame;
  isFirst: boolean;
  isLast: boolean;
  busy: boolean;
  onMove: (direction: -1 | 1) => void;
  onEdit: () => void;
};

export function GameRow({ game: g, isFirst, isLast, busy, onMove, onEdit }: GameRowProps) {
  const { t } = useTranslation('games');
  return (
    <tr data-testid="game-row" data-code={g.code} className="border-t border-slate-100 align-top">
      <td className="p-2 tabular-nums">{g.sortOrder}</td>
      <td className="p-2">
        <div className="font-medium text-slate-900">{g.name}</div>
        <div className="text-xs text-slate-500">
          {g.code} · {t(`category.${g.category}`)} · {g.provider}
        </div>
      </td>
      <td className="p-2">
        <span data-testid="game-state" className={`rounded px-2 py-0.5 text-xs font-medium ${STATE_CLASS[g.state]}`}>
          {t(`state.${g.state}`)}
        </span>
        {g.maintenanceMessage ? <p className="mt-1 text-xs text-slate-600">{g.maintenanceMessage}</p> : null}
      </td>
      <td className="p-2">{g.isFeatured ? t('featuredYes') : '—'}</td>
      <td className="p-2">
        <div className="flex gap-1">
          <Button small variant="ghost" aria-label={t('moveUp')} disabled={isFirst || busy} onClick={() => onMove(-1)}>
            ↑
          </Button>
          <Button small variant="ghost" aria-label={t('moveDown')} disabled={isLast || busy} onClick={() => onMove(1)}>
            ↓
          </Button>
          <Button small variant="secondary" onClick={onEdit}>
            {t('edit.open')}
          </Button>
        </div>
      </td>
    </tr>
  );
}
