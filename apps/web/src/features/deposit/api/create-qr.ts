import { depositPath, type QrGateway, type TQrCreateRequest, type TQrState } from '@krapao/contracts/deposit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { QR_KEY, qrQuery } from './get-qr';

/** POST /api/qrcode/{bankCode} {amount}: a failed create answers hasQrcode false with a message. */
export function createQrcode(code: QrGateway, body: TQrCreateRequest, idempotencyKey: string): Promise<TQrState> {
  return apiClient.post<TQrState>(depositPath.qrcode(code), body, { idempotencyKey });
}

/**
 * One Idempotency-Key per click. The server keeps one open QR per member and cancels the others, so
 * after any answer the other gateways' panels fetch theirs again (docs/product.md §3.3).
 */
export function useCreateQr(code: QrGateway) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => createQrcode(code, { amount }, newIdempotencyKey()),
    onSuccess: (state) => {
      if (state.hasQrcode) queryClient.setQueryData(qrQuery(code).queryKey, state);
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: QR_KEY, predicate: (query) => query.queryKey[2] !== code }),
  });
}
