// Profile, payout account holder name and password (docs/product.md §2.3, §2.7): the payout account is
// fixed at registration, so the profile call changes the name only and the bank-name edit only the
// holder's name.
import type {
  TBankAccount,
  TBankAccountNameRequest,
  TBankAccountNameResponse,
  TChangePasswordResponse,
  TProfileResponse,
  TProfileUpdateRequest,
} from '@krapao/contracts/account';
import { bankAccountNameError, normalizeBankAccountName } from '@krapao/contracts/rules';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { createMemberRepository, type MemberBankAccount } from './member.repository.ts';

function toBankAccount(b: MemberBankAccount): TBankAccount {
  return {
    bank: { nameTH: b.nameTH, nameEN: b.nameEN },
    bankCode: b.bankCode,
    bankAccountName: b.accountName,
    bankAccountNo: b.accountNo,
  };
}

/** A field the client sent (not absent, not empty) that is not the registered value. */
const differs = (sent: string | undefined, registered: string | undefined) => !!sent && sent !== registered;

/** Wrong old passwords of one member's password change, counted apart from every login counter. */
const changePasswordLimitKey = (memberId: number) => `changepwd:${memberId}`;

/** What a password change needs of the sessions (the auth module's session service, given by app.ts). */
export type AccountSessions = {
  closeAll(memberId: number): Promise<void>;
  open(memberId: number, ip: string | null, opts: { credentialVersion: number }): Promise<string | null>;
};

export function createAccountService(ctx: AppContext, sessions: AccountSessions) {
  const members = createMemberRepository(ctx.db);

  async function memberOrFail(memberId: number) {
    const member = await members.byId(memberId);
    if (!member) throw new AppError('invalid-token');
    return member;
  }

  async function profile(memberId: number): Promise<TProfileResponse> {
    const member = await memberOrFail(memberId);
    const bank = await members.bankAccountOf(memberId);
    return {
      profile: {
        _id: String(member.id),
        username: member.username,
        name: member.name,
        createdAt: member.createdAt.toISOString(),
        coin: member.coin,
      },
      bankAccount: bank ? toBankAccount(bank) : null,
    };
  }

  return {
    profile,

    async updateProfile(memberId: number, body: TProfileUpdateRequest): Promise<TProfileResponse> {
      const bank = await members.bankAccountOf(memberId);
      const sentName = body.bankAccountName ? normalizeBankAccountName(body.bankAccountName) : undefined;
      if (
        differs(body.bankCode, bank?.bankCode) ||
        differs(body.bankAccountNo, bank?.accountNo) ||
        differs(sentName, bank?.accountName)
      ) {
        throw new AppError('INVALID_BANK');
      }
      await members.updateName(memberId, body.name, ctx.now());
      return profile(memberId);
    },

    async updateBankAccountName(memberId: number, body: TBankAccountNameRequest): Promise<TBankAccountNameResponse> {
      const bank = await members.bankAccountOf(memberId);
      if (!bank || body.bankCode !== bank.bankCode) throw new AppError('INVALID_BANK');
      const name = normalizeBankAccountName(body.bankAccountName);
      const nameProblem = bankAccountNameError(bank.bankCode, name);
      if (nameProblem) throw new AppError(nameProblem);
      await members.updateBankAccountName(memberId, name, ctx.now());
      return { message: 'SUCCESS', bankAccount: toBankAccount({ ...bank, accountName: name }) };
    },

    /**
     * Every session of the member ends, and so does every login still in flight with the old
     * password (the credential version moves with the hash); this device gets a fresh session. Wrong
     * old passwords have their own counter per member: login failures, anyone's, never refuse this.
     */
    async changePassword(
      memberId: number,
      oldPassword: string,
      newPassword: string,
      ip: string,
    ): Promise<TChangePasswordResponse> {
      const member = await memberOrFail(memberId);
      const key = changePasswordLimitKey(memberId);
      if ((await ctx.limiter.hit(key, ctx.config.LOGIN_WINDOW_MINUTES)) > ctx.config.LOGIN_MAX_ATTEMPTS) {
        throw new AppError('REQUEST_LIMIT');
      }
      if (!(await verifyPassword(member.passwordHash, oldPassword))) throw new AppError('WRONG_PASSWORD');
      const hash = await hashPassword(newPassword);
      const version = await members.updatePasswordHash(memberId, hash, member.credentialVersion, ctx.now());
      // Another change won meanwhile: the old password checked here is no longer the member's.
      if (version === null) throw new AppError('WRONG_PASSWORD');
      await ctx.limiter.reset(key);
      await sessions.closeAll(memberId);
      const token = await sessions.open(memberId, ip, { credentialVersion: version });
      // Only a later change, which ended this device's sessions too, leaves none to open.
      if (!token) throw new AppError('invalid-token');
      return { message: 'SUCCESS', token };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
