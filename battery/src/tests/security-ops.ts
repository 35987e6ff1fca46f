// 19. The operator console under attack, on its own staff: the first owner made by
// `npm run ops:create-owner`, an admin, a finance and a support member created by that owner, each
// enrolled with its authenticator code. Every /api/ops call is read from the server's OpenAPI
// document with the permission it names, so a new console call is attacked by being there.
// 19.1 guesses at one staff member's password and code from one source; 19.2 a member's token on
// every console call and the live channel; 19.3 each role on every call its permissions leave out;
// 19.4 every call that changes something with its CSRF header missing or wrong; 19.5 and 19.6 the
// audit trail against the database's owner (security-ops-audit.ts); 19.7 guesses at one staff
// member spread over many sources, against the account-wide ceiling members have too.
import { OPS_LIVE_PATH } from '@krapao/contracts/ops/live';
import { OPS_SESSION_COOKIE, opsPaths } from '@krapao/contracts/ops/paths';
import { STAFF_ROLES } from '@krapao/contracts/ops/roles';
import { io } from 'socket.io-client';
import { type BatteryTest, line, type TestContext } from '../harness.ts';
import { fund, register } from '../members.ts';
import { createOwner, createStaff, opensSession, type Staff, staffHeaders, unusedCode, wrongCode } from '../staff.ts';
import { auditTampering } from './security-ops-audit.ts';
import {
  type Attempt,
  changedTables,
  csrfCalls,
  expectRefused,
  fingerprint,
  forbiddenCalls,
  forbiddenFor,
  memberCalls,
  type OpsEndpoint,
  opsEndpointsOf,
  type Refusals,
  restlessTables,
} from './security-ops-routes.ts';

const LOGIN_MAX_ATTEMPTS = 5;
/** Below what the spread offers (SPREAD_SOURCES × LOGIN_MAX_ATTEMPTS), above 19.1's own count. */
const LOGIN_ACCOUNT_MAX_ATTEMPTS = 20;
const BURST = 30;
const SPREAD_SOURCES = 12;

const pct = (r: Refusals) => (r.sent === 0 ? 'none sent' : `${((100 * r.refused) / r.sent).toFixed(1)} %`);
const shown = (wrong: string[]) => (wrong.length ? `; not refused: ${wrong.slice(0, 4).join('; ')}` : '');

/** Runs `attack` and answers the tables it changed (the restless ones aside). */
async function unchanged(ctx: TestContext, restless: Set<string>, attack: () => Promise<void>): Promise<string[]> {
  const before = await fingerprint(ctx);
  await attack();
  return changedTables(before, await fingerprint(ctx), restless);
}

/** The console's live channel with `cookie`: connected, or the server's refusal. */
function liveChannel(url: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve) => {
    const s = io(url, {
      path: OPS_LIVE_PATH,
      transports: ['websocket'],
      extraHeaders: headers,
      auth: { token: headers.authorization?.slice(7) },
      reconnection: false,
      timeout: 5_000,
    });
    s.once('connect', () => {
      s.close();
      resolve('connected');
    });
    s.once('connect_error', (err) => {
      s.close();
      resolve(err.message);
    });
  });
}

async function staffBruteForce(ctx: TestContext, owner: Staff) {
  const target = await createStaff(ctx.api, owner, 'finance', 'bat-target');
  const login = (ip: string, password: string, code: string) =>
    ctx.api.post(opsPaths.login, { username: target.username, password, code }, { ip });
  const sessions = async () =>
    Number(
      (await ctx.sql<{ n: string }>('select count(*) as n from staff_sessions where staff_id = $1', [target.id]))[0]?.n,
    );
  const sessionsBefore = await sessions();
  const far = await wrongCode(target);

  // One source: wrong passwords, then the right password with wrong codes, then a burst.
  const a = '127.0.19.1';
  const first = [];
  for (let i = 0; i < 3; i++) first.push(await login(a, `wrong-password-${i}`, (await unusedCode(target)).code));
  for (let i = 0; i < 2; i++) first.push(await login(a, target.password, far));
  const after = await Promise.all(Array.from({ length: 20 }, (_, i) => login(a, `wrong-again-${i}`, far)));
  const right = await unusedCode(target);
  const refusedRight = await login(a, target.password, right.code);
  const checked = first.filter((r) => r.body?.message === 'OPS_LOGIN_FAIL').length;
  const lockedAfter = after.filter((r) => r.status === 429 && r.body?.message === 'OPS_LOCKED').length;
  const isRightRefused = refusedRight.status === 429 && refusedRight.body?.message === 'OPS_LOCKED';

  // Another source, all at once: the row lock lets exactly the allowed number be checked.
  const burst = await Promise.all(Array.from({ length: BURST }, (_, i) => login('127.0.19.2', `burst-${i}`, far)));
  const burstChecked = burst.filter((r) => r.body?.message === 'OPS_LOGIN_FAIL').length;
  const burstLocked = burst.filter((r) => r.body?.message === 'OPS_LOCKED').length;
  const anyOpened = [...first, ...after, refusedRight, ...burst].some(opensSession);
  const sessionsAfter = await sessions();
  const lockedEntries = Number(
    (
      await ctx.sql<{ n: string }>(
        `select count(*) as n from audit_log where action = 'staff.sign-in-locked' and object_id = $1`,
        [String(target.id)],
      )
    )[0]?.n,
  );
  // The control: the same right password and code from a source that never guessed signs in.
  const control = await login('127.0.19.3', target.password, right.code);
  if (control.status === 200) target.lastStep = right.step;

  ctx.emit(
    line(
      '19.1',
      'ops: staff password and code guessing',
      checked === LOGIN_MAX_ATTEMPTS &&
        lockedAfter === after.length &&
        isRightRefused &&
        burstChecked === LOGIN_MAX_ATTEMPTS &&
        burstLocked === BURST - LOGIN_MAX_ATTEMPTS &&
        !anyOpened &&
        sessionsAfter === sessionsBefore &&
        lockedEntries > 0 &&
        control.status === 200,
      `one source: ${checked}/${first.length} checked (3 wrong passwords, 2 wrong codes), then ${lockedAfter}/${after.length} OPS_LOCKED, ` +
        `the right password and code ${isRightRefused ? 'refused OPS_LOCKED' : `answered ${refusedRight.status} ${refusedRight.text.slice(0, 80)}`}; ` +
        `${BURST} at once from another: ${burstChecked} checked, ${burstLocked} OPS_LOCKED; sessions opened ${sessionsAfter - sessionsBefore}` +
        `${anyOpened ? ', a session cookie was set' : ''}; ${lockedEntries} staff.sign-in-locked entries; ` +
        `control from a clean source: ${control.status}`,
      `${LOGIN_MAX_ATTEMPTS} checked, the rest and the right password OPS_LOCKED, no session; the control signs in`,
    ),
  );
}

/** 19.7 Each source within its own allowance, many sources: the account's ceiling stops them. */
async function spreadGuesses(ctx: TestContext, owner: Staff) {
  // A staff member of its own: 19.1's guesses do not count here. Enrolment signed it in from loopback.
  const target = await createStaff(ctx.api, owner, 'support', 'bat-spread');
  const login = (ip: string | undefined, password: string, code: string) =>
    ctx.api.post(opsPaths.login, { username: target.username, password, code }, ip ? { ip } : {});
  const far = await wrongCode(target);
  const spread = (
    await Promise.all(
      Array.from({ length: SPREAD_SOURCES }, async (_, s) => {
        const out = [];
        for (let i = 0; i <= LOGIN_MAX_ATTEMPTS; i++)
          out.push(await login(`127.0.19.${10 + s}`, `spread-${s}-${i}`, far));
        return out;
      }),
    )
  ).flat();
  const checked = spread.filter((r) => r.body?.message === 'OPS_LOGIN_FAIL').length;
  const locked = spread.filter((r) => r.status === 429 && r.body?.message === 'OPS_LOCKED').length;
  const right = await unusedCode(target);
  const fromNew = await login('127.0.19.40', target.password, right.code);
  const isNewRefused = fromNew.status === 429 && fromNew.body?.message === 'OPS_LOCKED';
  const entries = await ctx.sql<{ after: { scope?: string } }>(
    `select "after" from audit_log where action = 'staff.sign-in-locked' and object_id = $1`,
    [String(target.id)],
  );
  const accountEntries = entries.filter((e) => e.after?.scope === 'account').length;
  // The control: the place it signed in from (enrolment, loopback) is spared.
  const fromHome = await login(undefined, target.password, right.code);
  if (fromHome.status === 200) target.lastStep = right.step;
  const anyOpened = [...spread, fromNew].some(opensSession);
  ctx.emit(
    line(
      '19.7',
      'ops: staff guesses from many sources',
      checked <= LOGIN_ACCOUNT_MAX_ATTEMPTS &&
        checked + locked === spread.length &&
        isNewRefused &&
        !anyOpened &&
        accountEntries === 1 &&
        fromHome.status === 200,
      `${checked} of ${spread.length} guesses checked from ${SPREAD_SOURCES} sources (${LOGIN_MAX_ATTEMPTS} per source allowed, ` +
        `${LOGIN_ACCOUNT_MAX_ATTEMPTS} per account), ${locked} OPS_LOCKED; the right password and code from a new source ` +
        `${isNewRefused ? 'refused OPS_LOCKED' : `answered ${fromNew.status} ${fromNew.text.slice(0, 80)}`}; ` +
        `${anyOpened ? 'a session cookie was set; ' : ''}${accountEntries} account lock entries; control from home: ${fromHome.status}`,
      `at most ${LOGIN_ACCOUNT_MAX_ATTEMPTS} checked, the rest OPS_LOCKED, one audited lock; the control signs in`,
    ),
  );
}

/** An admin making an owner, making itself owner, and making the owner a support member. */
const escalations = (admin: Staff, owner: Staff): Attempt[] =>
  [
    [opsPaths.staff, { username: 'bat-climber', displayName: 'Climber', role: 'owner' }],
    [opsPaths.staffRole.replace(':staffId', String(admin.id)), { role: 'owner', reason: 'battery climb' }],
    [opsPaths.staffRole.replace(':staffId', String(owner.id)), { role: 'support', reason: 'battery demotion' }],
    [opsPaths.staffDisable.replace(':staffId', String(owner.id)), { reason: 'battery takeover' }],
  ].map(([url, body]) => ({
    what: `admin POST ${url}`,
    method: 'POST',
    url: url as string,
    headers: staffHeaders(admin),
    body,
  }));

export const securityOpsTest: BatteryTest = {
  no: 19,
  title: 'operator console attacks',
  env: () => ({
    LOGIN_MAX_ATTEMPTS: String(LOGIN_MAX_ATTEMPTS),
    LOGIN_ACCOUNT_MAX_ATTEMPTS: String(LOGIN_ACCOUNT_MAX_ATTEMPTS),
  }),
  async run(ctx) {
    const owner = await createOwner(ctx.api, ctx.product);
    const byRole: Record<string, Staff> = { owner };
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
      byRole[role] = await createStaff(ctx.api, owner, role, `bat-${role}`);
    }
    const member = await register(ctx.api);
    await fund(ctx.api, member, 100);

    const endpoints: OpsEndpoint[] = opsEndpointsOf((await ctx.api.get('/api/docs/json')).body);
    const unnamed = endpoints.filter((e) => e.permission === undefined).map((e) => `${e.method} ${e.path}`);
    const guarded = endpoints.filter((e) => e.permission);
    if (endpoints.length === 0 || guarded.length === 0 || unnamed.length > 0) {
      throw new Error(`the OpenAPI document names no permission for ${unnamed.join(', ') || 'any /api/ops call'}`);
    }
    const restless = await restlessTables(ctx);
    ctx.log(
      `${endpoints.length} console calls (${guarded.length} with a permission); tables that change by themselves: ${[...restless].join(', ') || 'none'}`,
    );

    // 19.2 A member's token.
    let byMember: Refusals = { sent: 0, refused: 0, wrong: [] };
    const publicOpened: string[] = [];
    let live = '';
    const memberChanged = await unchanged(ctx, restless, async () => {
      byMember = await expectRefused(ctx, memberCalls(endpoints, member.token), 401, 'OPS_SIGNED_OUT');
      for (const e of endpoints.filter((x) => x.isPublic)) {
        const res = await ctx.api.call(e.method, e.path.replace(/\{\w+\}/g, 'battery-probe'), {
          headers: { authorization: `Bearer ${member.token}` },
          ...(e.method === 'GET' ? {} : { json: {} }),
        });
        if (res.status < 400 || opensSession(res)) publicOpened.push(`${e.method} ${e.path} → ${res.status}`);
      }
      live = await liveChannel(ctx.product.url, {
        authorization: `Bearer ${member.token}`,
        cookie: `${OPS_SESSION_COOKIE}=${member.token}`,
      });
    });
    const liveControl = await liveChannel(ctx.product.url, staffHeaders(owner, false));
    ctx.emit(
      line(
        '19.2',
        "ops: a member's token on every console call",
        byMember.refused === byMember.sent &&
          byMember.sent > 0 &&
          publicOpened.length === 0 &&
          live === 'OPS_SIGNED_OUT' &&
          liveControl === 'connected' &&
          memberChanged.length === 0,
        `refused OPS_SIGNED_OUT: ${byMember.refused}/${byMember.sent} (${pct(byMember)}) over ${byMember.sent / 2} calls, as bearer and as the console cookie` +
          `${shown(byMember.wrong)}; public calls that opened a session: ${publicOpened.length}; live channel: ${live} ` +
          `(the owner's: ${liveControl}); tables changed: ${memberChanged.join(', ') || 'none'}`,
        '100 %, no session, live channel refused, nothing changed',
      ),
    );

    // 19.3 Each role where its permissions do not reach.
    const perRole: string[] = [];
    const forbidden: Refusals = { sent: 0, refused: 0, wrong: [] };
    const roleChanged = await unchanged(ctx, restless, async () => {
      for (const role of STAFF_ROLES) {
        const r = await expectRefused(ctx, forbiddenCalls(endpoints, byRole[role]!), 403, 'OPS_FORBIDDEN');
        perRole.push(`${role} ${r.refused}/${r.sent}`);
        forbidden.sent += r.sent;
        forbidden.refused += r.refused;
        forbidden.wrong.push(...r.wrong);
      }
      // The admin's one missing permission is checked by the service, not the route: climbing to owner.
      const admin = byRole.admin!;
      const climbs = await expectRefused(ctx, escalations(admin, owner), 403, 'OPS_FORBIDDEN');
      perRole.push(`admin towards owner ${climbs.refused}/${climbs.sent}`);
      forbidden.sent += climbs.sent;
      forbidden.refused += climbs.refused;
      forbidden.wrong.push(...climbs.wrong);
    });
    const stillIn = await Promise.all(
      STAFF_ROLES.map(
        async (role) =>
          (await ctx.api.get(opsPaths.me, { headers: staffHeaders(byRole[role]!) })).body?.staff?.role === role,
      ),
    );
    const lacking = STAFF_ROLES.filter((r) => forbiddenFor(r, endpoints).length > 0).length;
    ctx.emit(
      line(
        '19.3',
        'ops: each role beyond its permissions',
        forbidden.refused === forbidden.sent &&
          forbidden.sent > 0 &&
          stillIn.every(Boolean) &&
          roleChanged.length === 0,
        `refused OPS_FORBIDDEN with cookie and CSRF right: ${forbidden.refused}/${forbidden.sent} (${pct(forbidden)}; ${perRole.join(', ')}; ` +
          `${lacking} roles lack some call)${shown(forbidden.wrong)}; sessions still signed in: ${stillIn.filter(Boolean).length}/${stillIn.length}; ` +
          `tables changed: ${roleChanged.join(', ') || 'none'}`,
        '100 %, every session still signed in, nothing changed',
      ),
    );

    // 19.4 Calls that change something, their CSRF header missing or wrong, as the owner (who may do all).
    let byCsrf: Refusals = { sent: 0, refused: 0, wrong: [] };
    const csrfChanged = await unchanged(ctx, restless, async () => {
      byCsrf = await expectRefused(ctx, csrfCalls(endpoints, owner, byRole.admin!), 403, 'OPS_CSRF');
    });
    const ownerIn = (await ctx.api.get(opsPaths.me, { headers: staffHeaders(owner) })).status === 200;
    // The control: the same kind of call with the session's own CSRF token goes through.
    const made = await ctx.api.post(
      opsPaths.staff,
      { username: 'bat-csrf-control', displayName: 'Battery control', role: 'support' },
      { headers: staffHeaders(owner) },
    );
    ctx.emit(
      line(
        '19.4',
        'ops: CSRF header missing or wrong',
        byCsrf.refused === byCsrf.sent && byCsrf.sent > 0 && ownerIn && made.status === 200 && csrfChanged.length === 0,
        `refused OPS_CSRF: ${byCsrf.refused}/${byCsrf.sent} (${pct(byCsrf)}; 5 ways × ${byCsrf.sent / 5} calls)${shown(byCsrf.wrong)}; ` +
          `the owner still signed in: ${ownerIn ? 'yes' : 'no'}; tables changed: ${csrfChanged.join(', ') || 'none'}; ` +
          `control with the right token: ${made.status}`,
        '100 %, logout without the token ends nothing, nothing changed; the control goes through',
      ),
    );

    await staffBruteForce(ctx, owner);
    await spreadGuesses(ctx, owner);
    await auditTampering(ctx);
  },
};
