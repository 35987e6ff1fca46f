// 15. Encoded paths and slow bodies. 15.1 every member path of the OpenAPI document, spelled every
// way the router decodes to the same call (each character percent-encoded in turn, upper and lower
// hex, all at once, `/./` and `//` inside), sent while the site is closed: each must answer
// `gone`; spellings the router does not route (a leading `//`, `/API/`) must reach no call. 15.2
// bodies sent one byte a second: a JSON call is closed at BODY_TIMEOUT_MS, the slip and chat uploads
// at the longer UPLOAD_BODY_TIMEOUT_MS. 15.3 bodies over the limit sent in full: each client reads
// its 413 (the server drains the body instead of resetting the connection under it).
import net from 'node:net';
import { type BatteryTest, line, pool, type TestContext } from '../harness.ts';
import { register } from '../members.ts';
import { endpointsOf } from './fuzz-requests.ts';

const BODY_MS = 3_000;
const UPLOAD_MS = 8_000;
/** A loaded machine may close a connection late, never early: the deadline runs from the headers. */
const MARGIN_MS = 5_000;
/**
 * Open while the site is closed: lookup/active says so, gateways still report payments, and the
 * load balancer's probes and the metrics scrape watch the instance, not the site.
 */
const OPEN_WHILE_CLOSED = [
  /^\/api\/lookup\/active$/,
  /^\/api\/payments\/webhook\//,
  /^\/api\/health\//,
  /^\/api\/metrics$/,
  // The operator console's calls: closing the site to members is undone from there.
  /^\/api\/ops\//,
];
const PARAM_VALUES: Record<string, string> = { slotCode: 'PG', bankCode: 'KBANK', game: 'PG' };

type Spelling = { method: string; url: string };

/** The spellings of one path the router decodes to it, and two it does not route. */
export function spellingsOf(path: string): { routed: string[]; unrouted: string[] } {
  const routed = new Set<string>();
  const hex = (c: string) => c.charCodeAt(0).toString(16).padStart(2, '0');
  for (let i = 1; i < path.length; i++) {
    const c = path[i]!;
    if (c === '/') continue;
    for (const h of new Set([hex(c).toUpperCase(), hex(c).toLowerCase()])) {
      routed.add(`${path.slice(0, i)}%${h}${path.slice(i + 1)}`);
    }
  }
  routed.add(path.replace(/[^/]/g, (c) => `%${hex(c).toUpperCase()}`));
  routed.add(path.replace(/^\/api\//, '/api/./'));
  routed.add(path.replace(/^\/api\//, '/api//'));
  routed.add(path.replace(/^\/api\//, '/api%2F'));
  routed.add(`${path}/`);
  return { routed: [...routed], unrouted: [`/${path}`, path.replace(/^\/api\//, '/API/')] };
}

async function encodedPaths(ctx: TestContext) {
  const doc = (await ctx.api.get('/api/docs/json')).body;
  const member = await register(ctx.api);
  const paths = endpointsOf(doc)
    .filter((e) => !OPEN_WHILE_CLOSED.some((re) => re.test(e.path)))
    .map((e) => ({
      method: e.method,
      path: e.path.replace(/\{(\w+)\}/g, (_m, name: string) => PARAM_VALUES[name] ?? '1'),
    }));
  const routed: Spelling[] = [];
  const unrouted: Spelling[] = [];
  for (const p of paths) {
    const s = spellingsOf(p.path);
    routed.push(...s.routed.map((url) => ({ method: p.method, url })));
    unrouted.push(...s.unrouted.map((url) => ({ method: p.method, url })));
  }
  const closed = await ctx.api.put('/dev/settings', { active: false });
  if (closed.status !== 200) throw new Error(`closing the site: HTTP ${closed.status} ${closed.text.slice(0, 200)}`);
  const send = (s: Spelling) =>
    ctx.api.call(s.method, s.url, { token: member.token, ...(s.method === 'GET' ? {} : { json: {} }) });
  const notGone: string[] = [];
  await pool(routed, 16, async (s) => {
    const res = await send(s);
    if (res.status !== 410 || res.body?.message !== 'gone') notGone.push(`${s.method} ${s.url} → ${res.status}`);
  });
  const reached: string[] = [];
  await pool(unrouted, 16, async (s) => {
    const res = await send(s);
    const isNotFound = res.status === 404 && res.body?.message === 'NO_DATA';
    const isPage = res.status === 200 && /text\/html/.test(String(res.headers['content-type']));
    if (!isNotFound && !isPage) reached.push(`${s.method} ${s.url} → ${res.status}`);
  });
  await ctx.api.put('/dev/settings', { active: true });
  for (const s of [...notGone, ...reached].slice(0, 10)) ctx.log(`answered: ${s}`);
  const gone = routed.length - notGone.length;
  ctx.emit(
    line(
      '15.1',
      `site closed: ${paths.length} member calls, each spelled ${Math.round(routed.length / paths.length)} ways on average`,
      notGone.length === 0 && reached.length === 0,
      `${gone} of ${routed.length} routed spellings answered gone (${((100 * gone) / routed.length).toFixed(1)} %); ` +
        `${reached.length} of ${unrouted.length} unrouted spellings reached a call`,
      '100 % gone; 0 reached',
    ),
  );
}

/** A body of `length` bytes sent one byte a second; when the server closed the connection, and what it answered. */
function slowBody(ctx: TestContext, head: string, length: number) {
  const { port } = new URL(ctx.product.url);
  const started = Date.now();
  return new Promise<{ ms: number; answer: string }>((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    const drip = setInterval(() => socket.writable && socket.write(' '), 1_000);
    const giveUp = setTimeout(() => socket.destroy(), UPLOAD_MS + 3 * MARGIN_MS);
    socket.write(`${head}content-length: ${length}\r\n\r\n`);
    socket.on('data', (d) => {
      answer += d.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      clearTimeout(giveUp);
      resolve({ ms: Date.now() - started, answer });
    });
  });
}

async function slowBodies(ctx: TestContext) {
  const member = await register(ctx.api);
  const json = 'content-type: application/json\r\nx-wallet-user: true\r\n';
  const multipart = 'content-type: multipart/form-data; boundary=battery\r\n';
  const guest = 'x-chat-guest-id: guest-15151515-1515-4515-8515-151515151515\r\n';
  const cases = [
    { name: 'login', deadline: BODY_MS, head: `POST /api/login HTTP/1.1\r\nhost: x\r\n${json}` },
    {
      name: 'transfer',
      deadline: BODY_MS,
      head: `POST /api/wallet/transfer HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${member.token}\r\n${json}`,
    },
    { name: 'login, spelled /%61pi', deadline: BODY_MS, head: `POST /%61pi/login HTTP/1.1\r\nhost: x\r\n${json}` },
    {
      name: 'slip upload',
      deadline: UPLOAD_MS,
      head: `POST /api/wallet/slip HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${member.token}\r\n${multipart}`,
    },
    {
      name: 'chat upload',
      deadline: UPLOAD_MS,
      head: `POST /api/chat/upload-image HTTP/1.1\r\nhost: x\r\n${guest}${multipart}`,
    },
  ];
  const results = await Promise.all(cases.map((c) => slowBody(ctx, c.head, 100_000)));
  const wrong: string[] = [];
  const figures = cases.map((c, i) => {
    const r = results[i]!;
    if (r.ms < c.deadline || r.ms > c.deadline + MARGIN_MS) wrong.push(c.name);
    return `${c.name} ${(r.ms / 1000).toFixed(1)} s${/^HTTP\/1\.1 408/.test(r.answer) ? ' (408)' : ''}`;
  });
  ctx.emit(
    line(
      '15.2',
      'a body sent one byte a second: closed at its deadline',
      wrong.length === 0,
      `closed after: ${figures.join(', ')}`,
      `JSON calls within ${BODY_MS / 1000}–${(BODY_MS + MARGIN_MS) / 1000} s, uploads ${UPLOAD_MS / 1000}–${(UPLOAD_MS + MARGIN_MS) / 1000} s`,
    ),
  );
}

async function oversizedBodies(ctx: TestContext) {
  const n = 200;
  const body = `{"a":"${'x'.repeat(1_200_000)}"}`;
  const answers = await pool(Array.from({ length: n }), 16, () =>
    ctx.api.call('POST', '/api/login', { body, contentType: 'application/json' }),
  );
  const refused = answers.filter((r) => r.status === 413 && r.body?.message === 'KEY_INVALID').length;
  const cutOff = answers.filter((r) => r.cutOff || r.status === 0).length;
  ctx.emit(
    line(
      '15.3',
      `${n} bodies of 1.2 MB (over the limit) sent in full`,
      refused === n,
      `${refused} answered 413 KEY_INVALID; ${cutOff} connections cut while sending`,
      `${n} answered 413`,
    ),
  );
}

export const securityHttpTest: BatteryTest = {
  no: 15,
  title: 'Encoded paths and slow bodies',
  env: () => ({ BODY_TIMEOUT_MS: String(BODY_MS), UPLOAD_BODY_TIMEOUT_MS: String(UPLOAD_MS) }),
  async run(ctx) {
    await encodedPaths(ctx);
    await slowBodies(ctx);
    await oversizedBodies(ctx);
  },
};
