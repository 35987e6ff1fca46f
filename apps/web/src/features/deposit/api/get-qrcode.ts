import { depositPath, type QrGateway, type TQrState } from '@krapao/contracts/deposit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The state of a gateway without an open QR. */
export const NO_QR: TQrState = { qrcodeId: null, hasQrcode: false, qrcode: null, amount: null, expireIn: null };

/** Every gateway's QR lives under this key; creating one at a gateway re-fetches the others. */
export const QRCODE_KEY = ['deposit', 'qrcode'] as const;

/** GET /api/qrcode/{bankCode}: the member's open QR at this gateway, if any (spec §4). */
export function getQrcode(code: QrGateway, signal?: AbortSignal): Promise<TQrState> {
  return apiClient.get<TQrState>(depositPath.qrcode(code), { signal });
}

/** Fetched each time a panel starts; forgotten once the deposit modal closes. */
export const qrcodeQuery = (code: QrGateway) =>
  queryOptions({
    queryKey: [...QRCODE_KEY, code] as const,
    queryFn: ({ signal }) => getQrcode(code, signal),
    gcTime: 0,
  });

export function useQrcode(code: QrGateway) {
  return useQuery(qrcodeQuery(code));
}
