// Settings that are each valid but not together, and what production refuses: sandboxes, the
// embedded database, the development secrets, a short audit chain key, the demo member, a seeded
// draw and an undecided proxy setting.
import { DEV_AUDIT_CHAIN_KEY, DEV_OPERATOR_TOKEN, DEV_SECRET } from './config-fields.ts';

type Checked = {
  NODE_ENV: string;
  STORAGE_ADAPTER: string;
  S3_BUCKET?: string | undefined;
  SEED_DEMO?: boolean | undefined;
  SANDBOX_RANDOM_SEED?: string | undefined;
  DATABASE_URL?: string | undefined;
  ALLOW_EMBEDDED_DB_IN_PRODUCTION: boolean;
  ALLOW_SANDBOX_IN_PRODUCTION: boolean;
  ALLOW_DEFAULT_SECRET_IN_PRODUCTION: boolean;
  SMS_ADAPTER: string;
  SMS_HTTP_URL?: string | undefined;
  GAME_PROVIDER: string;
  QR_GATEWAY: string;
  PAYOUT_ADAPTER: string;
  TRUEMONEY_ADAPTER: string;
  SLIP_VERIFIER: string;
  APP_SECRET: string;
  OPERATOR_TOKEN: string;
  OPERATOR_TOKEN_PREVIOUS?: string | undefined;
  AUDIT_CHAIN_KEY: string;
  TRUST_PROXY: boolean | string[] | undefined;
};
export type ConfigProblem = { path?: string[]; message: string };

/** The outside parties production must not run on their sandboxes, and how each refusal reads. */
const SANDBOXED = [
  ['SMS_ADAPTER', 'production needs real adapters'],
  ['GAME_PROVIDER', 'production needs a real GAME_PROVIDER'],
  ['QR_GATEWAY', 'production needs a real QR_GATEWAY'],
  ['PAYOUT_ADAPTER', 'production needs a real PAYOUT_ADAPTER'],
  ['TRUEMONEY_ADAPTER', 'production needs a real TRUEMONEY_ADAPTER'],
  ['SLIP_VERIFIER', 'production needs a real SLIP_VERIFIER'],
] as const;

export function configProblems(c: Checked): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const refuse = (message: string, key?: string) => problems.push({ message, ...(key ? { path: [key] } : {}) });
  if (c.STORAGE_ADAPTER === 's3' && !c.S3_BUCKET) refuse('STORAGE_ADAPTER=s3 needs S3_BUCKET', 'S3_BUCKET');
  if (c.NODE_ENV === 'production') {
    if (c.SEED_DEMO)
      refuse('production refuses SEED_DEMO=true: the demo member has a public password (unset SEED_DEMO)', 'SEED_DEMO');
    if (c.SANDBOX_RANDOM_SEED)
      refuse(
        'production refuses SANDBOX_RANDOM_SEED: the spin prizes would be known in advance',
        'SANDBOX_RANDOM_SEED',
      );
    if (!c.DATABASE_URL && !c.ALLOW_EMBEDDED_DB_IN_PRODUCTION)
      refuse('production needs DATABASE_URL (or ALLOW_EMBEDDED_DB_IN_PRODUCTION=true)');
    for (const [key, message] of SANDBOXED) {
      if (c[key] === 'sandbox' && !c.ALLOW_SANDBOX_IN_PRODUCTION)
        refuse(`${message} (or ALLOW_SANDBOX_IN_PRODUCTION=true)`);
    }
    if (c.APP_SECRET === DEV_SECRET && !c.ALLOW_DEFAULT_SECRET_IN_PRODUCTION)
      refuse('production needs APP_SECRET (or ALLOW_DEFAULT_SECRET_IN_PRODUCTION=true)');
    if (c.OPERATOR_TOKEN === DEV_OPERATOR_TOKEN && !c.ALLOW_DEFAULT_SECRET_IN_PRODUCTION)
      refuse('production needs OPERATOR_TOKEN (or ALLOW_DEFAULT_SECRET_IN_PRODUCTION=true)');
    if (c.OPERATOR_TOKEN_PREVIOUS === DEV_OPERATOR_TOKEN && !c.ALLOW_DEFAULT_SECRET_IN_PRODUCTION)
      refuse(
        'production refuses the default token as OPERATOR_TOKEN_PREVIOUS (or ALLOW_DEFAULT_SECRET_IN_PRODUCTION=true)',
      );
    // No ALLOW_* way round: entries sealed under a public key could be forged by the database's owner.
    if (c.AUDIT_CHAIN_KEY === DEV_AUDIT_CHAIN_KEY || Buffer.byteLength(c.AUDIT_CHAIN_KEY) < 32)
      refuse('production needs AUDIT_CHAIN_KEY: a secret of 32+ bytes kept outside the database', 'AUDIT_CHAIN_KEY');
    if (c.TRUST_PROXY === undefined)
      refuse(
        'production needs TRUST_PROXY: the proxies in front of it (addresses or CIDRs), or none when clients connect directly',
        'TRUST_PROXY',
      );
    if (c.TRUST_PROXY === true)
      refuse(
        'production refuses TRUST_PROXY=true (any client could pick its address): name the proxies (addresses or CIDRs)',
        'TRUST_PROXY',
      );
  }
  if (c.SMS_ADAPTER === 'http' && !c.SMS_HTTP_URL) refuse('SMS_ADAPTER=http needs SMS_HTTP_URL');
  return problems;
}
