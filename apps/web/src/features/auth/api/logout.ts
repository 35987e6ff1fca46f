import { authPaths } from '@krapao/contracts/auth-paths';
import { apiClient } from '../../../lib/api-client';

/** Revokes the session on the server too (decision 001). */
export function logout(token: string, idempotencyKey: string): Promise<unknown> {
  return apiClient.post(authPaths.logout, undefined, { token, idempotencyKey, loader: false });
}
