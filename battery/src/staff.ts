// Staff of the operator console as an operator makes them: the first owner by
// `npm run ops:create-owner` on the test's database, the others created by that owner through the
// API; each enrols through its one-time link with the code an authenticator would show (otplib,
// through the server's own TOTP helper) and keeps the session enrolment opens.
import { execFile } from 'node:child_process';
import { OPS_CSRF_COOKIE, OPS_CSRF_HEADER, OPS_SESSION_COOKIE, opsPaths } from '@krapao/contracts/ops/paths';
import type { StaffRole } from '@krapao/contracts/ops/roles';
import { totpCode } from '../../apps/server/src/modules/staff/totp.ts';
import type { Client, Res } from './http.ts';
import type { Product } from './product.ts';
import { REPO_ROOT } from './settings.ts';

export const STAFF_PASSWORD = 'battery-staff-secret-1';

export type Staff = {
  id: number;
  username: string;
  role: StaffRole;
  password: string;
  /** Base32 TOTP secret, as the enrolment link showed it. */
  secret: string;
  /** The session cookie's token and the CSRF token of the session enrolment opened. */
  token: string;
  csrf: string;
  /** The last TOTP step the server took from this staff member (a code works once). */
  lastStep: number;
};

const STEP_MS = 30_000;
const stepOf = (ms: number) => Math.floor(ms / STEP_MS);

/** The console's cookie and, unless `csrf` is false or another value, the session's CSRF header. */
export function staffHeaders(s: Pick<Staff, 'token' | 'csrf'>, csrf: string | false = s.csrf): Record<string, string> {
  return { cookie: `${OPS_SESSION_COOKIE}=${s.token}`, ...(csrf === false ? {} : { [OPS_CSRF_HEADER]: csrf }) };
}

/** The value of cookie `name` an answer set, if any (an empty value clears it). */
export function cookieSet(res: Res, name: string): string | undefined {
  const all = [res.headers['set-cookie'] ?? []].flat();
  const found = all.find((c) => c.startsWith(`${name}=`));
  return found === undefined ? undefined : decodeURIComponent(found.slice(name.length + 1).split(';')[0] ?? '');
}

/** A session was handed out: the answer set a non-empty console session cookie. */
export const opensSession = (res: Res) => Boolean(cookieSet(res, OPS_SESSION_COOKIE));

/** The code an authenticator shows now, `stepOffset` steps of 30 s away. */
export const codeNow = (secret: string, stepOffset = 0) => totpCode(secret, new Date(), stepOffset);

/**
 * A code the server has not taken yet: this step's, or the next one's when this one is used (the
 * server takes one step either side). Set `s.lastStep = step` once a sign-in took it.
 */
export async function unusedCode(s: Staff): Promise<{ code: string; step: number }> {
  const now = stepOf(Date.now());
  if (s.lastStep >= now + 1) await new Promise((r) => setTimeout(r, s.lastStep * STEP_MS - Date.now() + 500));
  const step = Math.max(stepOf(Date.now()), s.lastStep + 1);
  return { code: await totpCode(s.secret, new Date(step * STEP_MS)), step };
}

/** A code of the right form that no step near now answers to. */
export async function wrongCode(s: Staff): Promise<string> {
  const near = await Promise.all([-2, -1, 0, 1, 2].map((offset) => codeNow(s.secret, offset)));
  return ['000000', '111111', '222222', '333333', '444444', '555555'].find((c) => !near.includes(c))!;
}

function expectOk(res: Res, what: string): Res {
  if (res.status !== 200) throw new Error(`${what}: HTTP ${res.status} ${res.error ?? res.text.slice(0, 300)}`);
  return res;
}

/** Opens the link's enrolment: reads the secret, sets the password, proves the first code. */
async function enrol(api: Client, enrolUrl: string, role: StaffRole): Promise<Staff> {
  const token = enrolUrl.split('/enrol/')[1];
  if (!token) throw new Error(`no token in the enrolment link ${enrolUrl}`);
  const path = opsPaths.enrol.replace(':token', token);
  const info = expectOk(await api.get(path), 'enrolment link').body as { username: string; secret: string };
  const at = Date.now();
  const res = expectOk(
    await api.post(path, { password: STAFF_PASSWORD, code: await totpCode(info.secret, new Date(at)) }),
    `enrol ${info.username}`,
  );
  const session = cookieSet(res, OPS_SESSION_COOKIE);
  const csrf = cookieSet(res, OPS_CSRF_COOKIE);
  if (!session || !csrf) throw new Error(`enrol ${info.username}: no session cookies`);
  return {
    id: Number(res.body.staff.id),
    username: info.username,
    role,
    password: STAFF_PASSWORD,
    secret: info.secret,
    token: session,
    csrf,
    lastStep: stepOf(at),
  };
}

/** The first owner, made the way an operator makes one (`npm run ops:create-owner`), enrolled. */
export async function createOwner(api: Client, product: Product, username = 'bat-owner'): Promise<Staff> {
  const printed = await new Promise<string>((resolve, reject) => {
    execFile(
      'npm',
      ['run', '--silent', 'ops:create-owner', '--', '--username', username, '--display', 'Battery Owner'],
      { cwd: REPO_ROOT, env: { ...process.env, ...product.env, INIT_CWD: REPO_ROOT }, timeout: 120_000 },
      (err, stdout, stderr) =>
        err ? reject(new Error(`ops:create-owner: ${err.message}\n${stderr}`)) : resolve(stdout),
    );
  });
  const link = printed.match(/\S+\/enrol\/\S+/)?.[0];
  if (!link) throw new Error(`ops:create-owner printed no link: ${printed}`);
  return enrol(api, link, 'owner');
}

/** A staff member of `role`, created by `owner` through the console's API and enrolled. */
export async function createStaff(api: Client, owner: Staff, role: StaffRole, username: string): Promise<Staff> {
  const res = expectOk(
    await api.post(
      opsPaths.staff,
      { username, displayName: `Battery ${role}`, role },
      { headers: staffHeaders(owner) },
    ),
    `create ${role}`,
  );
  return enrol(api, res.body.enrolUrl as string, role);
}
