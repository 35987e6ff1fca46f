// A staff member re-entering their current TOTP code to confirm a weighty action (bulk approval).
// The code is checked like at sign-in and taken: one code confirms once.
import type { AppContext } from '../../context.ts';
import { createStaffRepository } from './staff.repository.ts';
import { createTotp } from './totp.ts';

export function createStaffCodeCheck(ctx: AppContext) {
  const staff = createStaffRepository();
  const totp = createTotp(ctx.config.APP_SECRET);
  return {
    /** True when `code` is the active staff member's current code and was not used before. */
    async confirm(staffId: number, code: string): Promise<boolean> {
      const row = await staff.byId(ctx.db, staffId);
      if (row?.status !== 'active' || !row.totpSecret) return false;
      const secret = totp.open(row.username, row.totpSecret);
      const step = await totp.match(secret, code, ctx.now(), row.totpLastStep);
      return step !== null && (await staff.claimStep(ctx.db, row.id, step));
    },
  };
}
