// The invite settings (DESIGN §6): every number is a setting.
import type { InviteRules } from '../lookup/setting-shapes.ts';
import type { SettingsRepository } from '../lookup/settings.repository.ts';

export type { InviteRules };

export const DEFAULT_INVITE_RULES: InviteRules = {
  isActive: true,
  sharePercent: 1,
  minimumClaim: 1,
  requireInviteePlay: false,
};

/** The rules, a missing or partial setting filled from the defaults (off when never seeded). */
export async function inviteRulesOf(settings: SettingsRepository): Promise<InviteRules> {
  const stored = await settings.get('inviteRules');
  return stored ? { ...DEFAULT_INVITE_RULES, ...stored } : { ...DEFAULT_INVITE_RULES, isActive: false };
}
