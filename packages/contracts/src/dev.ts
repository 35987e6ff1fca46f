// Dev-only endpoints (refused when NODE_ENV=production).
import { z } from 'zod';

export const devPaths = { sms: '/dev/sms', settings: '/dev/settings' } as const;

export const ZDevSmsQuery = z.strictObject({ phone: z.string().min(1).max(20) });
export const ZDevSms = z.object({
  phone: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  createdAt: z.string(),
});
export const ZDevSmsResponse = z.array(ZDevSms);
export type TDevSms = z.infer<typeof ZDevSms>;

/** Site settings a test may flip: OTP on registration, the chat widget, the site closed. */
export const ZDevSettingsRequest = z.strictObject({
  registerOTP: z.boolean().optional(),
  enableChatWidget: z.boolean().optional(),
  active: z.boolean().optional(),
});
export type TDevSettingsRequest = z.infer<typeof ZDevSettingsRequest>;
