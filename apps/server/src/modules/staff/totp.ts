// TOTP (RFC 6238: SHA-1, 6 digits, 30 s) through otplib. A code of the step before or after the
// current one is taken (clock drift), and never a step at or before the last one taken: a code
// works once. The secret is sealed at rest under APP_SECRET, bound to the username.
import { generate, generateSecret, generateURI, verify } from 'otplib';
import { createSecretBox, type SecretBox } from '../../lib/crypto.ts';

export const TOTP_ISSUER = 'Krapao';
const PERIOD_S = 30;

export type Totp = ReturnType<typeof createTotp>;

export function createTotp(appSecret: string) {
  const box: SecretBox = createSecretBox(appSecret, 'staff-totp');
  const context = (username: string) => `staff:${username}`;
  return {
    /** A new random secret (20 bytes, base32), and its sealed form for the staff row. */
    newSecret(username: string) {
      const secret = generateSecret();
      return { secret, sealed: box.seal(secret, context(username)) };
    },
    open(username: string, sealed: string): string {
      return box.open(sealed, context(username));
    },
    seal(username: string, secret: string): string {
      return box.seal(secret, context(username));
    },
    uri(username: string, secret: string): string {
      return generateURI({ issuer: TOTP_ISSUER, label: username, secret });
    },
    /** The time step `code` belongs to at `at` (±1 step, after `lastStep`), or null. */
    async match(secret: string, code: string, at: Date, lastStep: number | null): Promise<number | null> {
      const result = await verify({
        secret,
        token: code,
        epoch: Math.floor(at.getTime() / 1000),
        epochTolerance: PERIOD_S,
        ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
      });
      return result.valid && 'timeStep' in result ? result.timeStep : null;
    },
  };
}

/** The code an authenticator shows at `at` (tests, and the dev owner's instructions). */
export function totpCode(secret: string, at: Date, stepOffset = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) + stepOffset * PERIOD_S });
}
