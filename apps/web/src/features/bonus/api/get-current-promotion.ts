import { promotionPaths, type TPromotion } from '@krapao/contracts/bonus';
import { apiClient } from '../../../lib/api-client';

/** GET /api/promotion/current: declared by spec §7 (R7.17); no screen calls it. */
export function getCurrentPromotion(signal?: AbortSignal): Promise<TPromotion | null> {
  return apiClient.get<TPromotion | null>(promotionPaths.current, { signal });
}
