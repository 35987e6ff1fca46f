// OTP send and verify (decision 004).
import type { TOtpSendRequest, TOtpSendResponse, TOtpVerifyRequest, TOtpVerifyResponse } from '@krapao/contracts/auth';
import { authPaths } from '@krapao/contracts/auth-paths';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';

export function sendOtp(body: TOtpSendRequest, idempotencyKey: string): Promise<TOtpSendResponse> {
  return apiClient.post<TOtpSendResponse>(authPaths.otpSend, body, { idempotencyKey });
}

export function verifyOtp(body: TOtpVerifyRequest, idempotencyKey: string): Promise<TOtpVerifyResponse> {
  return apiClient.post<TOtpVerifyResponse>(authPaths.otpVerify, body, { idempotencyKey });
}

export function useSendOtp() {
  return useMutation({ mutationFn: (body: TOtpSendRequest) => sendOtp(body, newIdempotencyKey()) });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: (body: TOtpVerifyRequest) => verifyOtp(body, newIdempotencyKey()) });
}
