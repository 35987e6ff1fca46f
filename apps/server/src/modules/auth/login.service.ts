// Login (docs/architecture.md §5; decisions 034, 056). Attempts are counted before the password is
// checked, so a parallel burst cannot slip under a limit, and the right password is refused past one:
// - per source on one account: after LOGIN_MAX_ATTEMPTS the source is locked out of the account for
//   a minute, doubling with every further attempt up to an hour; other sources are not affected;
// - per IP across accounts: LOGIN_IP_MAX_ATTEMPTS failures (spraying);
// - per account, from sources the member has not signed in from within 30 days: a daily ceiling
//   against guessers with many sources, which the owner's own places never run into.
// Two statements: the counting with the member before the password is checked; after it, the new
// session (clearing the source's row) on success, the IP's failure on failure.
import type { TLoginResponse } from '@krapao/contracts/auth';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { sourceOf } from '../../lib/client-source.ts';
import { dummyHash, verifyPassword } from '../../lib/password.ts';
import { createLoginHotPath, type LockoutRules } from './auth.hot-path.ts';
import { createSessionService } from './session.service.ts';
import { LOCKOUT } from './source-lockout.ts';

export function createLoginService(ctx: AppContext) {
  const { config, limiter } = ctx;
  const hot = createLoginHotPath(ctx.db, ctx.now);
  const sessions = createSessionService(ctx);
  const rules: LockoutRules = {
    ipMax: config.LOGIN_IP_MAX_ATTEMPTS,
    ipWindowMinutes: config.LOGIN_WINDOW_MINUTES,
    sourceMax: config.LOGIN_MAX_ATTEMPTS,
    lockBaseMs: LOCKOUT.baseMs,
    lockCapMs: LOCKOUT.capMs,
    memoryMs: LOCKOUT.memoryMs,
    accountWindowMinutes: LOCKOUT.accountWindowMinutes,
    knownForMs: LOCKOUT.knownForMs,
  };

  return {
    async login(username: string, password: string, ip: string): Promise<TLoginResponse> {
      // Per IP only failures count: many honest players share one carrier-grade NAT address. The
      // lockouts count an IPv6 client by its /64 (lib/client-source.ts); the known-source check and
      // the session keep the full address.
      const source = sourceOf(ip);
      const ipKey = `login:ip:${source}`;
      const attempt = await hot.attempt(
        { username, source: ip, lockSource: source, ipKey, accountKey: `login:user:${username}` },
        rules,
      );
      if (attempt.ipFailures >= config.LOGIN_IP_MAX_ATTEMPTS) throw new AppError('REQUEST_LIMIT');
      if (attempt.sourceTries === null) throw new AppError('REQUEST_LIMIT');
      if (!attempt.isKnownSource && (attempt.accountTries ?? 0) > config.LOGIN_ACCOUNT_MAX_ATTEMPTS) {
        throw new AppError('REQUEST_LIMIT');
      }
      const { member } = attempt;
      // An unknown user costs the same argon2 verify as a known one: timing does not tell them apart.
      const isRight = await verifyPassword(member?.passwordHash ?? (await dummyHash()), password);
      if (!member || !isRight) {
        await limiter.add(ipKey);
        throw new AppError('WRONG_CREDENTIAL');
      }
      if (member.status !== 'ACTIVE') throw new AppError('INACTIVE_USER');
      const token = await sessions.open(member.id, ip, {
        credentialVersion: member.credentialVersion,
        clearFailures: { account: username, source },
      });
      // The password changed while this one was being checked: it is no longer the member's.
      if (!token) throw new AppError('WRONG_CREDENTIAL');
      return { token };
    },

    async logout(sessionId: number) {
      await sessions.close(sessionId);
      return { message: 'SUCCESS' as const };
    },
  };
}
export type LoginService = ReturnType<typeof createLoginService>;
