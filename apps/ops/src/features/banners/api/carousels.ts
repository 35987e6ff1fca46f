import { bannersPaths, type Carousel, type TCarouselChange, type TCarouselsPage } from '@krapao/contracts/ops/banners';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, apiRequest } from '../../../lib/api-client';

export const carouselsQueryKey = ['ops', 'carousel-banners'] as const;

export const carouselsQueryOptions = () =>
  queryOptions({
    queryKey: carouselsQueryKey,
    queryFn: ({ signal }) => apiClient.get<TCarouselsPage>(bannersPaths.page, signal),
  });

export const useCarousels = () => useQuery(carouselsQueryOptions());

/** PUT one carousel's whole list with the reason the audit trail keeps; the answer is both lists again. */
export function useChangeCarousel(key: Carousel) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCarouselChange) => apiRequest<TCarouselsPage>(bannersPaths[key], { method: 'PUT', body }),
    onSuccess: (page) => queryClient.setQueryData(carouselsQueryKey, page),
  });
}
