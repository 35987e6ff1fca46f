import { bonusPaths } from '@krapao/contracts/bonus';
import { apiClient } from '../../../lib/api-client';

export type BonusMinimum = { minimum: number; eligible: boolean };

/** GET /api/bonus/check/minimum: part of the API; no screen calls it. */
export function checkMinimum(signal?: AbortSignal): Promise<BonusMinimum> {
  return apiClient.get<BonusMinimum>(bonusPaths.checkMinimum, { signal });
}
