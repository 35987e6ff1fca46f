// What other modules and the composition roots use of lookup.

export { bannersOpsRoutes } from './banners-ops.routes.ts';
export { contentOpsRoutes } from './content-ops.routes.ts';
export { forgetReceivedToday } from './house-receipts.ts';
export { seedHowto } from './howto.ts';
export { createLookupRepository } from './lookup.repository.ts';
export { lookupRoutes } from './lookup.routes.ts';
export { createLookupService } from './lookup.service.ts';
export { lookupOpsRoutes } from './lookup-ops.routes.ts';
export type { InviteRules, RefundPeriod, RefundRules, WithdrawCurrencyRules, WithdrawRules } from './setting-shapes.ts';
export {
  createSettingsRepository,
  isRegisterOtpOn,
  type SettingsRepository,
  type SiteSettings,
} from './settings.repository.ts';
export { createSettingsChange, SETTING_AUDIT_OBJECT, type SettingsChange } from './settings-change.ts';
export { NO_WITHDRAW_RULES, withdrawRulesOf } from './withdraw-settings.ts';
