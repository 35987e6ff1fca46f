import type { TOpsGame } from '@krapao/contracts/ops/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueueHeading, QueueTable } from '../../../components/queue-table';
import { Alert } from '../../../components/ui/alert';
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
      <QueueHeading title={t('title')} intro={t('intro')} />
      <QueueTable
        list={list}
        notice={update.error && !editing ? <Alert>{errorText(t, update.error)}</Alert> : null}
        columns={[
          t('columns.order'),
          t('columns.game'),
          t('columns.state'),
          t('columns.featured'),
          t('columns.actions'),
        ]}
      >
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
      </QueueTable>
      {editing ? <GameEditDialog game={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
