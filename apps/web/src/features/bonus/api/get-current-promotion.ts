import { promotionPaths, type TPromotion } from '@krapao/contracts/bonus';
import { apiClient } from '../../../lib/api-client';

/** GET /api/promotion/current: part of the API; no screen calls it. */
export function getCurrentPromotion(signal?: AbortSignal): Promise<TPromotion | null> {
  return apiClient.get<TPromotion | null>(promotionPaths.current, { signal });
}
