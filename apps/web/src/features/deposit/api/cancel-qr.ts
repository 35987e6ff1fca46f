import { depositPath, type QrGateway } from '@krapao/contracts/deposit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { NO_QR, qrQuery } from './get-qr';

/** DELETE /api/qrcode/{qrcodeId}: cancels the member's QR. */
export function cancelQrcode(qrcodeId: string, idempotencyKey: string): Promise<unknown> {
  return apiClient.delete<unknown>(depositPath.qrcodeById(qrcodeId), { idempotencyKey });
}

/** Success shows the amount entry again; a failure fetches the gateway's real state. */
export function useCancelQr(code: QrGateway) {
  const queryClient = useQueryClient();
  const { queryKey } = qrQuery(code);
  return useMutation({
    mutationFn: (qrcodeId: string) => cancelQrcode(qrcodeId, newIdempotencyKey()),
    onSuccess: () => queryClient.setQueryData(queryKey, NO_QR),
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
