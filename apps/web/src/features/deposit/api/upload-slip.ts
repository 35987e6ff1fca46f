import { SLIP_UPLOAD_TIMEOUT_MS } from '@krapao/contracts/constants';
import { SLIP_FILE_FIELD, type TSlipUploadResponse } from '@krapao/contracts/deposit';
import { walletPaths } from '@krapao/contracts/wallet';
import { useMutation } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/upload';

export type SlipUploadVariables = { file: File; idempotencyKey: string; onProgress?: (fraction: number) => void };

/** POST /api/wallet/slip, multipart with the image in the `file` part, 300 000 ms (UPLOAD_TIMEOUT_MS). */
export function uploadSlip({ file, idempotencyKey, onProgress }: SlipUploadVariables): Promise<TSlipUploadResponse> {
  const form = new FormData();
  form.append(SLIP_FILE_FIELD, file, file.name);
  return uploadWithProgress<TSlipUploadResponse>(walletPaths.slip, form, {
    idempotencyKey,
    onProgress,
    timeoutMs: SLIP_UPLOAD_TIMEOUT_MS,
  });
}

export function useUploadSlip() {
  return useMutation({ mutationFn: uploadSlip });
}
