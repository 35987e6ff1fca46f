import { depositPath, type QrGateway, type TQrState } from '@krapao/contracts/deposit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The state of a gateway without an open QR. */
export const NO_QR: TQrState = { qrcodeId: null, hasQrcode: false, qrcode: null, amount: null, expireIn: null };

/** Every gateway's QR lives under this key; creating one at a gateway re-fetches the others. */
export const QR_KEY = ['deposit', 'qrcode'] as const;

/** GET /api/qrcode/{bankCode}: the member's open QR at this gateway, if any. */
export function getQrcode(code: QrGateway, signal?: AbortSignal): Promise<TQrState> {
  return apiClient.get<TQrState>(depositPath.qrcode(code), { signal });
}

/** Fetched each time a panel starts; forgotten once the deposit modal closes. */
export const qrQuery = (code: QrGateway) =>
  queryOptions({
    queryKey: [...QR_KEY, code] as const,
    queryFn: ({ signal }) => getQrcode(code, signal),
    gcTime: 0,
  });

export function useQr(code: QrGateway) {
  return useQuery(qrQuery(code));
}
