import { PAGER_AFTER, PAGER_BEFORE } from '@krapao/contracts/constants';

/** Page numbers to show: PAGER_BEFORE before the current page and PAGER_AFTER after it. */
export function pagerRange(current: number, totalPages: number): number[] {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const first = Math.max(1, page - PAGER_BEFORE);
  const last = Math.min(totalPages, page + PAGER_AFTER);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
