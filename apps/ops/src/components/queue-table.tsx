import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/api-error';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Loading } from './ui/spinner';

/** A header cell: its text, or its text with the cell's own classes (`p-2 text-right` for amounts). */
export type QueueColumn = string | { label: ReactNode; className: string };

type QueueList = { isPending: boolean; isError: boolean; error: unknown; data?: { items: readonly unknown[] } };

type QueueTableProps = {
  list: QueueList;
  columns: readonly QueueColumn[];
  /** What an empty, loaded list says; without it an empty list shows nothing. */
  empty?: string;
  /** Alerts shown under the list's own error (a failed change of a row). */
  notice?: ReactNode;
  /** Eight columns and more need the wider table. */
  isWide?: boolean;
  /** The rows. */
  children: ReactNode;
};

/** A queue's title and the short text under it. */
export function QueueHeading({ title, intro }: { title: string; intro?: ReactNode }) {
  return (
    <div>
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      {intro ? <p className="text-sm text-slate-600">{intro}</p> : null}
    </div>
  );
}

/**
 * A queue's list while it loads, when it failed, when it is empty, and as a table. The live channel
 * reloads the list (lib/live.ts); this only shows what the query holds.
 */
export function QueueTable({ list, columns, empty, notice, isWide, children }: QueueTableProps) {
  const { t } = useTranslation();
  const count = list.data?.items.length ?? 0;
  return (
    <>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert>{errorText(t, list.error)}</Alert> : null}
      {notice}
      {empty && list.data && count === 0 ? <p className="text-sm text-slate-600">{empty}</p> : null}
      {count > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className={`w-full ${isWide ? 'min-w-[56rem]' : 'min-w-[44rem]'} text-left text-sm`}>
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                {columns.map((column) =>
                  typeof column === 'string' ? (
                    <th key={column} className="p-2">
                      {column}
                    </th>
                  ) : (
                    <th key={column.className} className={column.className}>
                      {column.label}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

/** Opens or closes a row's details (`more`/`less` in `ns`). */
export function DetailsToggle({ ns, isOpen, onToggle }: { ns: string; isOpen: boolean; onToggle: () => void }) {
  const { t } = useTranslation(ns);
  return (
    <Button small variant="ghost" aria-expanded={isOpen} onClick={onToggle}>
      {isOpen ? t('less') : t('more')}
    </Button>
  );
}
