// Registration (docs/product.md §2.3): POST /api/account/validate and POST /api/account run the same
// checks in the same order; registration then writes member, bank account and WALLET in one
// transaction that also uses up the OTP verify, and the deposit limit the member chose, if any.
import type { TRegisterPayload, TRegisterValidatePayload } from '@krapao/contracts/auth';
import { type Currency, REFERRAL_CODE_PREFIX } from '@krapao/contracts/constants';
import { toMinor } from '@krapao/contracts/money';
import {
  BANK_ACCOUNT_NO_PATTERN,
  bankAccountNameError,
  normalizeBankAccountName,
  phoneError,
} from '@krapao/contracts/rules';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { sourceOf } from '../../lib/client-source.ts';
import { hashPassword } from '../../lib/password.ts';
import { createMemberRepository, type NewMember, uniqueConflict } from '../account/index.ts';
import { createLookupService, createSettingsRepository, isRegisterOtpOn } from '../lookup/index.ts';
import { createOtpRepository } from './otp.repository.ts';
import { createOtpService } from './otp.service.ts';

const HOUR_MINUTES = 60;
const REFERRAL_CODE = new RegExp(`^${REFERRAL_CODE_PREFIX}(\\d{1,15})$`, 'i');

type Checked = {
  member: Omit<NewMember, 'passwordHash'>;
  password: string;
  verifyId: number | null;
  depositLimitDay: bigint | null;
};

/**
 * Writes a first 24-hour deposit limit (minor units) for the member just inserted in `tx`. Given by the
 * composition root: player protection depends on auth, so auth does not import it.
 */
export type FirstDepositLimit = (tx: Tx, memberId: number, amount: bigint, now: Date) => Promise<void>;

/** The chosen limit in minor units of `currency`; null when none was chosen. */
export function depositLimitMinor(amount: number | null | undefined, currency: Currency): bigint | null {
  if (amount === null || amount === undefined) return null;
  let minor: bigint;
  try {
    minor = toMinor(amount, currency);
  } catch {
    throw new AppError('KEY_INVALID', { fields: ['depositLimitDay'] });
  }
  if (minor <= 0n) throw new AppError('KEY_INVALID', { fields: ['depositLimitDay'] });
  return minor;
}

/** Thai build: '' or BAHT (stored BAHT). Laos build: LAK or BAHT, '' meaning LAK. */
export function registrationCurrency(given: Currency | '', isLaos: boolean): Currency | null {
  if (isLaos) return given === '' ? 'LAK' : given;
  return given === '' || given === 'BAHT' ? 'BAHT' : null;
}

/** The member id of a `PR{id}` invite code, or null when the code does not have that shape. */
export function referralId(inviteCode: string): number | null {
  const match = REFERRAL_CODE.exec(inviteCode);
  return match ? Number(match[1]) : null;
}

export function createRegisterService(ctx: AppContext, opts: { firstDepositLimit?: FirstDepositLimit } = {}) {
  const { config } = ctx;
  const members = createMemberRepository(ctx.db);
  const otp = createOtpService(ctx);
  const otpRepo = createOtpRepository(ctx.db);
  const settings = createSettingsRepository(ctx.db);
  const lookup = createLookupService(ctx);

  async function limitIp(key: string, ip: string, max: number) {
    if ((await ctx.limiter.hit(`${key}:ip:${sourceOf(ip)}`, HOUR_MINUTES)) > max) throw new AppError('REQUEST_LIMIT');
  }

  /** Phone, OTP, username, source, inviter and currency: everything steps 1–3 know. */
  async function checkPerson(p: TRegisterValidatePayload) {
    const phoneProblem = phoneError(p.username, config.LAOS);
    if (phoneProblem) throw new AppError(phoneProblem);
    let verifyId: number | null = null;
    if (await isRegisterOtpOn(settings, config)) {
      const verify = await otp.freshVerify(p.username);
      if (!verify) throw new AppError('UNVERIFIED_OTP');
      verifyId = verify.id;
    }
    if (await members.byUsername(p.username)) throw new AppError('EXISTING_USER');
    if (p.sourceCode && !(await lookup.source(p.sourceCode))) throw new AppError('INVALID_USER_INFO');
    let referrerId: number | null = null;
    if (p.inviteCode) {
      referrerId = referralId(p.inviteCode);
      // `fields` names the inviter code, so the wizard can drop an unknown one instead of blocking.
      if (referrerId === null || !(await members.byId(referrerId)))
        throw new AppError('INVALID_USER_INFO', { fields: ['inviteCode'] });
    }
    const currency = registrationCurrency(p.currency, config.LAOS);
    if (!currency) throw new AppError('INVALID_USER_INFO');
    return { verifyId, referrerId, currency };
  }

  /** Step 4's bank data: a bank of this build, a plausible number, the English rule, not taken. */
  async function checkBank(p: Pick<TRegisterPayload, 'bankCode' | 'bankAccountName' | 'bankAccountNo'>) {
    const bank = await lookup.registrableBank(p.bankCode);
    if (!bank) throw new AppError('INVALID_BANK');
    if (!BANK_ACCOUNT_NO_PATTERN.test(p.bankAccountNo)) throw new AppError('INVALID_USER_INFO');
    const bankAccountName = normalizeBankAccountName(p.bankAccountName);
    const nameProblem = bankAccountNameError(bank.code, bankAccountName);
    if (nameProblem) throw new AppError(nameProblem);
    if (await members.bankAccountTaken(bank.code, p.bankAccountNo)) throw new AppError('EXISTING_BANK');
    return { bankCode: bank.code, bankAccountName };
  }

  async function check(p: TRegisterPayload): Promise<Checked> {
    const { verifyId, referrerId, currency } = await checkPerson(p);
    const { bankCode, bankAccountName } = await checkBank(p);
    const depositLimitDay = depositLimitMinor(p.depositLimitDay, currency);
    const member = {
      username: p.username,
      name: p.name.trim(),
      currency,
      sourceCode: p.sourceCode || null,
      referrerId,
      bankCode,
      bankAccountName,
      bankAccountNo: p.bankAccountNo,
    };
    return { member, password: p.password, verifyId, depositLimitDay };
  }

  return {
    /** Step 3 sends the bank fields empty; whatever is filled in is checked like registration. */
    async validate(p: TRegisterValidatePayload, ip: string) {
      await limitIp('register-validate', ip, config.REGISTER_VALIDATE_IP_MAX_PER_HOUR);
      await checkPerson(p);
      if (p.bankCode || p.bankAccountName || p.bankAccountNo) await checkBank(p);
      return { message: 'OK' as const };
    },

    async register(p: TRegisterPayload, ip: string) {
      await limitIp('register', ip, config.REGISTER_IP_MAX_PER_HOUR);
      const { member, password, verifyId, depositLimitDay } = await check(p);
      const { firstDepositLimit } = opts;
      if (depositLimitDay !== null && !firstDepositLimit)
        throw new AppError('KEY_INVALID', { fields: ['depositLimitDay'] });
      const passwordHash = await hashPassword(password);
      try {
        const id = await ctx.db.transaction(async (tx) => {
          // Member first: a parallel registration of the same phone then fails on the username, not the verify.
          const memberId = await members.insert({ ...member, passwordHash }, tx);
          if (verifyId !== null) {
            if (!(await otpRepo.consume(verifyId, ctx.now(), tx))) throw new AppError('UNVERIFIED_OTP');
            await members.markPhoneVerified(tx, memberId, ctx.now());
          }
          if (depositLimitDay !== null && firstDepositLimit)
            await firstDepositLimit(tx, memberId, depositLimitDay, ctx.now());
          return memberId;
        });
        return { message: 'SUCCESS' as const, _id: String(id) };
      } catch (err) {
        const conflict = uniqueConflict(err);
        if (conflict === 'username') throw new AppError('EXISTING_USER');
        if (conflict === 'bankAccount') throw new AppError('EXISTING_BANK');
        throw err;
      }
    },
  };
}
export type RegisterService = ReturnType<typeof createRegisterService>;
