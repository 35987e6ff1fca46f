import { apiClient } from '../../../lib/api-client';

/**
 * Revokes the session on the server (decision 001). Not in the spec and not yet in contracts'
 * authPaths, so the path lives here until contracts exports it.
 */
export const LOGOUT_PATH = '/api/logout';

export function logout(token: string, idempotencyKey: string): Promise<unknown> {
  return apiClient.post(LOGOUT_PATH, undefined, { token, idempotencyKey, loader: false });
}
