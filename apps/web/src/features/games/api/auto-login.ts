import type { TAutoLoginResponse } from '@krapao/contracts/wallet';
import { apiClient } from '../../../lib/api-client';

/**
 * GET /api/autoLogin/{game}/{username}[/{password}] → { link }. The path comes
 * from the contracts' autoLoginPath (through launchAction), credentials included.
 */
export function getAutoLoginLink(path: string): Promise<TAutoLoginResponse> {
  return apiClient.get<TAutoLoginResponse>(path);
}
