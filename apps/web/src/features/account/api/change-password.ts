import { accountPaths, type TChangePasswordRequest, type TChangePasswordResponse } from '@krapao/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { replaceToken } from '../../../lib/storage';

export function changePassword(body: TChangePasswordRequest, idempotencyKey: string): Promise<TChangePasswordResponse> {
  return apiClient.put<TChangePasswordResponse>(accountPaths.changePassword, body, { idempotencyKey });
}

/** The server revokes every session and hands this device a fresh token, kept in the same storage. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: TChangePasswordRequest) => changePassword(body, newIdempotencyKey()),
    onSuccess: ({ token }) => replaceToken(token),
  });
}
