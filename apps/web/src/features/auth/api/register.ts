// Registration: server validation before step 4, then the account itself.
import type { TRegisterRequest, TRegisterResponse, TValidateResponse } from '@krapao/contracts/auth';
import { authPaths } from '@krapao/contracts/auth-paths';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';

export function validateRegistration(body: TRegisterRequest, idempotencyKey: string): Promise<TValidateResponse> {
  return apiClient.post<TValidateResponse>(authPaths.validate, body, { idempotencyKey });
}

export function registerAccount(body: TRegisterRequest, idempotencyKey: string): Promise<TRegisterResponse> {
  return apiClient.post<TRegisterResponse>(authPaths.register, body, { idempotencyKey });
}

export function useValidateRegistration() {
  return useMutation({ mutationFn: (body: TRegisterRequest) => validateRegistration(body, newIdempotencyKey()) });
}

export function useRegisterAccount() {
  return useMutation({ mutationFn: (body: TRegisterRequest) => registerAccount(body, newIdempotencyKey()) });
}
