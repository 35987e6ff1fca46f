import type { TOpsGame } from '@krapao/contracts/ops/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { useGames } from '../api/list-games';
import { useUpdateGame } from '../api/update-game';
import { movedOrder } from '../lib/move-order';
import { GameEditDialog } from './game-edit-dialog';
import { GameRow } from './game-row';

/** The games members see: on, under maintenance or off, their order, and which are featured. */
export function GamesCatalogue() {
  const { t } = useTranslation('games');
  const list = useGames();
  const update = useUpdateGame();
  const [editing, setEditing] = useState<TOpsGame | null>(null);
  const items = list.data?.items ?? [];
  const move = (index: number, direction: -1 | 1) => {
    const sortOrder = movedOrder(items, index, direction);
    if (sortOrder !== null) update.mutate({ code: items[index]!.code, change: { sortOrder } });
  };

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t('title')}</h1>
        <p className="text-sm text-slate-600">{t('intro')}</p>
      </div>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert>{errorText(t, list.error)}</Alert> : null}
      {update.error && !editing ? <Alert>{errorText(t, update.error)}</Alert> : null}
      {items.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th className="p-2">{t('columns.order')}</th>
                <th className="p-2">{t('columns.game')}</th>
                <th className="p-2">{t('columns.state')}</th>
                <th className="p-2">{t('columns.featured')}</th>
                <th className="p-2">{t('columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((g, i) => (
                <GameRow
                  key={g.code}
                  game={g}
                  isFirst={i === 0}
                  isLast={i === items.length - 1}
                  busy={update.isPending}
                  onMove={(direction) => move(i, direction)}
                  onEdit={() => setEditing(g)}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {editing ? <GameEditDialog game={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
