import { accountPaths, type TBankAccountNameRequest, type TBankAccountNameResponse } from '@krapao/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { memberProfileQuery } from './get-member-bank';

/** PUT /api/account/bankAccountName {bankCode, bankAccountName}. */
export function updateBankAccountName(
  body: TBankAccountNameRequest,
  idempotencyKey: string,
): Promise<TBankAccountNameResponse> {
  return apiClient.put<TBankAccountNameResponse>(accountPaths.bankAccountName, body, { idempotencyKey });
}

/** The saved account replaces the cached one, so the edit is not offered again. */
export function useUpdateBankAccountName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBankAccountNameRequest) => updateBankAccountName(body, newIdempotencyKey()),
    onSuccess: ({ bankAccount }) =>
      queryClient.setQueryData(memberProfileQuery().queryKey, (old) => (old ? { ...old, bankAccount } : old)),
  });
}
