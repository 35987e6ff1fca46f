import type { TLoginRequest, TLoginResponse } from '@krapao/contracts/auth';
import { authPaths } from '@krapao/contracts/auth-paths';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/login. Called directly by the login form rather than through a react-query mutation, so
 * the login route ships without the query client (decision 033); it still sends one key per attempt.
 */
export function login(body: TLoginRequest, idempotencyKey: string): Promise<TLoginResponse> {
  return apiClient.post<TLoginResponse>(authPaths.login, body, { idempotencyKey });
}
