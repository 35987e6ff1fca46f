import { bonusPath, type TPromotion } from '@krapao/contracts/bonus';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /api/promotion/find/{code}: the promotion, or null / empty when there is none. */
export function findPromotion(code: string): Promise<TPromotion | null> {
  return apiClient.get<TPromotion | null>(bonusPath.promotionFind(code)).then(foundOrNull);
}

/** An empty body (null, {}, "") means not found. */
function foundOrNull(answer: unknown): TPromotion | null {
  if (!answer || typeof answer !== 'object' || !('code' in answer || 'description' in answer)) return null;
  return answer as TPromotion;
}

/** A read, but one the member starts with the search button: each click asks again. */
export function useFindPromotion() {
  return useMutation({ mutationFn: (code: string) => findPromotion(code) });
}
