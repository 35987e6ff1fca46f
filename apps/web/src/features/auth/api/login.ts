import { authPaths, type TLoginRequest, type TLoginResponse } from '@krapao/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/query-client';

export function login(body: TLoginRequest, idempotencyKey: string): Promise<TLoginResponse> {
  return apiClient.post<TLoginResponse>(authPaths.login, body, { idempotencyKey });
}

export function useLogin() {
  return useMutation({ mutationFn: (body: TLoginRequest) => login(body, newIdempotencyKey()) });
}
