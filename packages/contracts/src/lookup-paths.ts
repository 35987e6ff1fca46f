// Lookup API paths, apart from the schemas so the SPA reads them without zod.

export const lookupPaths = {
  banks: '/api/lookup/banks',
  deposit: '/api/lookup/deposit',
  conditions: '/api/lookup/conditions',
  agreements: '/api/lookup/agreements',
  info: '/api/lookup/info',
  notice: '/api/lookup/notice',
  contact: '/api/lookup/contact',
  withdraw: '/api/lookup/withdraw',
  slip: '/api/lookup/slip',
  sources: '/api/lookup/sources',
  active: '/api/lookup/active',
  registerOTP: '/api/lookup/registerOTP',
  enableChatWidget: '/api/lookup/enableChatWidget',
  /** The how-to videos, titles in the member's language (Accept-Language, Thai fallback). */
  howto: '/api/lookup/howto',
} as const;
