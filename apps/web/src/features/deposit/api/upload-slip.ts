import { SLIP_UPLOAD_TIMEOUT_MS } from '@krapao/contracts/constants';
import { SLIP_FILE_FIELD, type TSlipUploadResponse } from '@krapao/contracts/deposit';
import { statusLabel } from '@krapao/contracts/errors';
import { walletPaths } from '@krapao/contracts/wallet-paths';
import { useMutation } from '@tanstack/react-query';
import { answeringMemberLive } from '../../../lib/member-live';
import { uploadWithProgress } from '../../../lib/upload';

export type SlipUploadVariables = { file: File; idempotencyKey: string; onProgress?: (fraction: number) => void };

/**
 * POST /api/wallet/slip, multipart with the image in the `file` part, 300 000 ms (UPLOAD_TIMEOUT_MS).
 * A slip credited inline (SUCCESS) is the outcome a live `deposit` event would repeat.
 */
export function uploadSlip({ file, idempotencyKey, onProgress }: SlipUploadVariables): Promise<TSlipUploadResponse> {
  const form = new FormData();
  form.append(SLIP_FILE_FIELD, file, file.name);
  const request = uploadWithProgress<TSlipUploadResponse>(walletPaths.slip, form, {
    idempotencyKey,
    onProgress,
    timeoutMs: SLIP_UPLOAD_TIMEOUT_MS,
  });
  return answeringMemberLive(request, {
    kinds: ['deposit'],
    ok: (answer) => (statusLabel(answer.status) === 'success' ? { kind: 'deposit', amount: answer.amount } : null),
  });
}

export function useUploadSlip() {
  return useMutation({ mutationFn: uploadSlip });
}
