// A table of one page of server rows (TABLE_PAGE_SIZE a page) with its header, an empty
// text once loaded, and the project's pager: the invite, refund and slip lists share it.
import { TABLE_PAGE_SIZE } from '@krapao/contracts/constants';
import type { ReactNode } from 'react';
import { pageCount } from '../../lib/pager';
import { Pager } from './pager';

const HEAD = 'pb-2 pr-2 font-medium text-white/50';

export type Column = { label: string; align?: 'left' | 'right'; srOnly?: boolean };

type PagedTableProps = {
  columns: Column[];
  /** The rows of the page, as <tr> elements. */
  children: ReactNode;
  loaded: boolean;
  isEmpty: boolean;
  emptyText: string;
  page: number;
  total: number;
  onPageChange: (page: number) => void;
  /** testids: `{testId}-list` (tbody), `{testId}-empty`, `{testId}-pager`. */
  testId: string;
  emptyTestId?: string;
};

export function PagedTable({
  columns,
  children,
  loaded,
  isEmpty,
  emptyText,
  page,
  total,
  onPageChange,
  testId,
  emptyTestId,
}: PagedTableProps) {
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full text-xs" aria-busy={!loaded}>
          <thead>
            <tr className="border-b border-white/10">
              {columns.map((c) => (
                <th key={c.label} scope="col" className={`${HEAD} ${c.align === 'right' ? 'text-right' : 'text-left'}`}>
                  {c.srOnly ? <span className="sr-only">{c.label}</span> : c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody data-testid={`${testId}-list`}>{children}</tbody>
        </table>
      </div>
      {loaded && isEmpty ? (
        <p data-testid={emptyTestId ?? `${testId}-empty`} className="py-4 text-center text-sm text-white/55">
          {emptyText}
        </p>
      ) : null}
      <Pager
        page={page}
        totalPages={pageCount(total, TABLE_PAGE_SIZE)}
        onChange={onPageChange}
        testId={`${testId}-pager`}
      />
    </>
  );
}
