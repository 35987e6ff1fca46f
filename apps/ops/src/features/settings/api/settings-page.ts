import { settingsPaths, type TSettingsPage } from '@krapao/contracts/ops/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const settingsQueryKey = ['ops', 'settings'] as const;

export const settingsPageQueryOptions = () =>
  queryOptions({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => apiClient.get<TSettingsPage>(settingsPaths.page, signal),
  });

export const useSettingsPage = () => useQuery(settingsPageQueryOptions());
