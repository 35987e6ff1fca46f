// Login (spec §3, §7; DESIGN §6): attempts are counted per account and per IP before the password
// is checked, so a guesser is stopped even with the right password and even spread over many IPs.
// Two statements for a login (decision 034): the counters and the member in one before the
// password is checked; the counter reset and the new session in one after (one IP count on failure).
import type { TLoginResponse } from '@krapao/contracts/auth';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { dummyHash, verifyPassword } from '../../lib/password.ts';
import { createLoginRepository } from './login.repository.ts';
import { createSessionService } from './session.service.ts';

/** The per-account counter shared by login and password change. */
export const accountLimitKey = (username: string) => `login:user:${username}`;

export function createLoginService(ctx: AppContext) {
  const { config, limiter } = ctx;
  const repo = createLoginRepository(ctx.db, ctx.now);
  const sessions = createSessionService(ctx);

  return {
    async login(username: string, password: string, ip: string): Promise<TLoginResponse> {
      // Per IP only failures count: many honest players share one carrier-grade NAT address.
      const ipKey = `login:ip:${ip}`;
      const accountKey = accountLimitKey(username);
      // Per account every attempt counts first, so a parallel burst cannot slip under the limit.
      const attempt = await repo.attempt({
        ipKey,
        accountKey,
        username,
        ipMax: config.LOGIN_IP_MAX_ATTEMPTS,
        windowMinutes: config.LOGIN_WINDOW_MINUTES,
      });
      if (attempt.ipFailures >= config.LOGIN_IP_MAX_ATTEMPTS) throw new AppError('REQUEST_LIMIT');
      if (attempt.accountTries === null || attempt.accountTries > config.LOGIN_MAX_ATTEMPTS) {
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
      return { token: await sessions.open(member.id, ip, { resetCounter: accountKey }) };
    },

    async logout(sessionId: number) {
      await sessions.close(sessionId);
      return { message: 'SUCCESS' as const };
    },
  };
}
export type LoginService = ReturnType<typeof createLoginService>;
