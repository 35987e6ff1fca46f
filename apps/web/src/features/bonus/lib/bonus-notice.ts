import { NOTICE_PERCENT_FAIL } from '@krapao/contracts/lookup';

/** The notice of GET /api/lookup/notice with every percent-fail placeholder filled. */
export function bonusNotice(notice: string | null | undefined, percentFail: number): string {
  return (notice ?? '').split(NOTICE_PERCENT_FAIL).join(String(percentFail));
}
