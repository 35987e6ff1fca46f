// The invite settings: every number is a setting.
import type { InviteRules, SettingsRepository } from '../lookup/index.ts';

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
