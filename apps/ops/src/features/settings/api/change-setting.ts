import {
  type PageSetting,
  settingsPaths,
  type TSettingsPage,
  type TSettingValue,
} from '@krapao/contracts/ops/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsQueryKey } from './settings-page';

export type SettingChange<K extends PageSetting = PageSetting> = { key: K; value: TSettingValue<K>; reason: string };

/** PUT one setting's new value with the reason the audit trail keeps; the answer is the page again. */
export function useChangeSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value, reason }: SettingChange) =>
      apiRequest<TSettingsPage>(settingsPaths[key], { method: 'PUT', body: { value, reason } }),
    onSuccess: (page) => queryClient.setQueryData(settingsQueryKey, page),
  });
}
