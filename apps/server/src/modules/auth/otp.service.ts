// OTP for registration (docs/product.md §2.3, decision 004): a 6-digit code by SMS, valid OTP_TTL_SECONDS,
// OTP_MAX_TRIES tries, one send per OTP_RESEND_SECONDS and OTP_MAX_PER_HOUR per phone, capped per IP.
// Only hashes of the token and the code are stored.

import type { TOtpSendResponse, TOtpVerifyResponse } from '@krapao/contracts/auth';
import { phoneError } from '@krapao/contracts/rules';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { sourceOf } from '../../lib/client-source.ts';
import { recordCallFailure } from '../../lib/party-failures.ts';
import { newToken, randomDigits, randomRef, safeEqual, sha256 } from '../../lib/tokens.ts';
import { createMemberRepository } from '../account/index.ts';
import { createOtpRepository } from './otp.repository.ts';

const HOUR_MINUTES = 60;

/** The code is salted with its own token, so a leaked table does not give the codes away. */
export function otpCodeHash(token: string, code: string): string {
  return sha256(`${token}:${code}`);
}

export function otpText(code: string, ref: string, minutes: number, isLaos: boolean): string {
  return isLaos
    ? `ລະຫັດ OTP ຂອງທ່ານແມ່ນ ${code} (Ref: ${ref}) ໃຊ້ໄດ້ພາຍໃນ ${minutes} ນາທີ`
    : `รหัส OTP ของคุณคือ ${code} (Ref: ${ref}) ใช้ได้ภายใน ${minutes} นาที`;
}

export function createOtpService(ctx: AppContext) {
  const { config, limiter } = ctx;
  const repo = createOtpRepository(ctx.db);
  const members = createMemberRepository(ctx.db);

  const verifiedSince = () => new Date(ctx.now().getTime() - config.OTP_VERIFIED_WINDOW_MINUTES * 60_000);

  async function checkResend(phone: string) {
    if (config.OTP_RESEND_SECONDS <= 0) return;
    // The limiter makes parallel sends of one phone exclusive; the last send time gives the exact interval.
    if ((await limiter.hit(`otp:resend:${phone}`, 1)) > 1) throw new AppError('REQUEST_LIMIT_1MIN');
    const last = await repo.lastSentAt(phone);
    if (last && ctx.now().getTime() - last.getTime() < config.OTP_RESEND_SECONDS * 1000) {
      throw new AppError('REQUEST_LIMIT_1MIN');
    }
  }

  return {
    /** A successful, unconsumed verify of this phone within the verified window, or null. */
    freshVerify: (phone: string) => repo.freshVerify(phone, verifiedSince()),

    async send(phone: string, ip: string): Promise<TOtpSendResponse> {
      const phoneProblem = phoneError(phone, config.LAOS);
      if (phoneProblem) throw new AppError(phoneProblem);
      if ((await limiter.hit(`otp:ip:${sourceOf(ip)}`, HOUR_MINUTES)) > config.OTP_IP_MAX_PER_HOUR) {
        throw new AppError('REQUEST_LIMIT');
      }
      if (await members.byUsername(phone)) throw new AppError('EXISTING_USER');
      const verified = await repo.freshVerify(phone, verifiedSince());
      if (verified) return { otpRef: verified.ref, otpToken: '', code: 'OTP_VERIFIED' };

      await checkResend(phone);
      if ((await limiter.hit(`otp:phone:${phone}`, HOUR_MINUTES)) > config.OTP_MAX_PER_HOUR) {
        throw new AppError('OTP_BLOCK');
      }

      const code = randomDigits(6);
      const otpRef = randomRef();
      const otpToken = newToken();
      const now = ctx.now();
      const id = await repo.insert({
        phone,
        tokenHash: sha256(otpToken),
        ref: otpRef,
        codeHash: otpCodeHash(otpToken, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + config.OTP_TTL_SECONDS * 1000),
        ip,
      });
      try {
        const text = otpText(code, otpRef, Math.ceil(config.OTP_TTL_SECONDS / 60), config.LAOS);
        await ctx.sms.send({ phone, text, code });
      } catch (err) {
        void recordCallFailure(ctx, 'sms', err);
        // Nothing was sent: the request cannot be verified, and the member may try again at once.
        await repo.remove(id);
        await limiter.reset(`otp:resend:${phone}`);
        throw new AppError('OTP_SEND_FAIL');
      }
      return { otpRef, otpToken, code: 'SUCCESS' };
    },

    async verify(otpToken: string, otpCode: string, ip: string): Promise<TOtpVerifyResponse> {
      if ((await limiter.hit(`otp-verify:ip:${sourceOf(ip)}`, HOUR_MINUTES)) > config.OTP_VERIFY_IP_MAX_PER_HOUR) {
        throw new AppError('REQUEST_LIMIT');
      }
      const request = await repo.byTokenHash(sha256(otpToken));
      if (!request) throw new AppError('OTP_TOKEN_INVALID');
      if (request.verifiedAt) throw new AppError('OTP_VERIFIED');
      if (request.expiresAt.getTime() <= ctx.now().getTime()) throw new AppError('OTP_EXPIRED');
      // The try is counted before the code is compared: a parallel burst cannot test more codes.
      if (!(await repo.takeTry(request.id, config.OTP_MAX_TRIES))) throw new AppError('OTP_BLOCK');
      if (!safeEqual(otpCodeHash(otpToken, otpCode), request.codeHash)) throw new AppError('OTP_CODE_INVALID');
      if (!(await repo.markVerified(request.id, ctx.now()))) throw new AppError('OTP_VERIFIED');
      return { code: 'OTP_CODE_VALID' };
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
