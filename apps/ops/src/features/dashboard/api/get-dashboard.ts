// GET the dashboard of one currency: polled every 30 s and again when the window regains focus.
import type { Currency } from '@krapao/contracts/constants';
import { dashboardPaths, type TDashboard } from '@krapao/contracts/ops/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, buildUrl } from '../../../lib/api-client';

export const DASHBOARD_REFRESH_MS = 30_000;

export const dashboardQueryOptions = (currency: Currency) =>
  queryOptions({
    queryKey: ['ops', 'dashboard', currency],
    queryFn: ({ signal }) => apiClient.get<TDashboard>(buildUrl(dashboardPaths.dashboard, {}, { currency }), signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchOnWindowFocus: true,
  });

export const useDashboard = (currency: Currency) => useQuery(dashboardQueryOptions(currency));
