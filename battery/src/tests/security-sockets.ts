// 13. Sockets of a revoked session: a member's socket.io and WebSocket (/api/chat/ws) connections,
// on two server instances sharing the database and Redis, are dropped when the session ends —
// a logout (13.1) or a password change (13.2) made through instance 1 — and an agent reply sent 1 s
// later reaches none of them. Another socket of the member that is still signed in (the other
// device's session; after a password change, the new token's) must hear that reply, so a silent
// socket proves something. Without REDIS_URL both trials run on the one instance.
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { DEV_OPERATOR_TOKEN } from '../../../apps/server/src/config.ts';
import { type BatteryTest, eventually, line, type TestContext } from '../harness.ts';
import { sleep } from '../http.ts';
import { login, type Member, register } from '../members.ts';
import { type Instance, startInstance } from '../product.ts';

const TRIALS = 10;
/** How long after the revocation answered every socket must be closed, and the reply is sent. */
const GRACE_MS = 1_000;

type Watched = {
  where: string;
  /** When the server closed it (null while open). */
  closedAt: number | null;
  /** 'messaging' events heard after the revocation began. */
  heardAfter: number;
  close: () => void;
};

function openSocketIo(url: string, token: string, room: string, since: () => number | null): Promise<Watched> {
  return new Promise((resolve, reject) => {
    const s: Socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, timeout: 5_000 });
    const w: Watched = { where: `socket.io ${url}`, closedAt: null, heardAfter: 0, close: () => s.close() };
    s.on('messaging', () => {
      if (since() !== null) w.heardAfter += 1;
    });
    s.on('disconnect', () => {
      w.closedAt ??= Date.now();
    });
    s.once('connect_error', (err) => reject(new Error(`socket.io ${url}: ${err.message}`)));
    s.once('connect', async () => {
      const ack = await s.timeout(5_000).emitWithAck('join', room);
      if (ack?.ok) resolve(w);
      else reject(new Error(`socket.io join: ${JSON.stringify(ack)}`));
    });
  });
}

function openWs(url: string, token: string, since: () => number | null): Promise<Watched> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/chat/ws`);
    const w: Watched = { where: `ws ${url}`, closedAt: null, heardAfter: 0, close: () => ws.close() };
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { event: string };
      if (frame.event === 'joined') resolve(w);
      else if (frame.event === 'messaging' && since() !== null) w.heardAfter += 1;
    });
    ws.on('close', () => {
      w.closedAt ??= Date.now();
    });
    ws.on('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ event: 'join', token })));
    setTimeout(() => reject(new Error(`ws ${url}: no joined frame`)), 5_000);
  });
}

type Tally = { sockets: number; heard: number; open: number; slowestMs: number | null; control: number; odd: string[] };

async function trial(
  ctx: TestContext,
  urls: string[],
  m: Member,
  kind: 'logout' | 'password',
  i: number,
  tally: Tally,
) {
  const prefix = ctx.product.env.CHAT_PREFIX!;
  const room = `${prefix}:${m.id}`;
  const token = await login(ctx.api, m.username, m.password);
  let revokedAt: number | null = null;
  const since = () => revokedAt;
  const ended: Watched[] = [];
  for (const url of urls) ended.push(await openSocketIo(url, token, room, since), await openWs(url, token, since));
  const last = urls.at(-1)!;
  const live: Watched[] = [];
  try {
    // The socket that must hear the reply: the other device's session, or the new token's.
    if (kind === 'logout')
      live.push(await openSocketIo(last, await login(ctx.api, m.username, m.password), room, () => 0));
    revokedAt = Date.now();
    let answeredAt: number;
    if (kind === 'logout') {
      const res = await ctx.api.post('/api/logout', undefined, { token });
      if (res.status !== 200) throw new Error(`logout: ${res.text}`);
      answeredAt = Date.now();
    } else {
      const next = `changed-${i}-${Date.now()}`;
      const res = await ctx.api.put(
        '/api/account/changepwd',
        { oldPassword: m.password, newPassword: next },
        { token },
      );
      if (res.status !== 200) throw new Error(`change password: ${res.text}`);
      answeredAt = Date.now();
      m.password = next;
      live.push(await openSocketIo(last, res.body.token, room, () => 0));
    }
    const control = live[0]!;
    // Every socket must be closed within GRACE_MS of the answer; then the agent replies.
    await sleep(Math.max(0, answeredAt + GRACE_MS - Date.now()));
    const stillOpen = ended.filter((w) => w.closedAt === null);
    tally.open += stillOpen.length;
    for (const w of stillOpen) tally.odd.push(`${kind} ${i}: ${w.where} still open`);
    for (const w of ended) {
      if (w.closedAt !== null) tally.slowestMs = Math.max(tally.slowestMs ?? 0, w.closedAt - answeredAt);
    }
    const before = control.heardAfter;
    const reply = await ctx.api.post(
      '/api/chat/agent/reply',
      { userId: String(m.id), message: { message_type: 'text', payload: { text: `after ${kind} ${i}` } } },
      { token: DEV_OPERATOR_TOKEN },
    );
    if (reply.status !== 200) throw new Error(`agent reply: ${reply.text}`);
    const heardByControl = await eventually(async () => control.heardAfter > before, 5_000, 20);
    // Give the ended sockets as long again to hear anything that was (wrongly) still on its way.
    await sleep(300);
    tally.sockets += ended.length;
    tally.heard += ended.reduce((sum, w) => sum + w.heardAfter, 0);
    if (heardByControl) tally.control += 1;
  } finally {
    for (const w of [...ended, ...live]) w.close();
  }
}

function report(ctx: TestContext, id: string, what: string, t: Tally, instances: number) {
  ctx.emit(
    line(
      id,
      `sockets of a revoked session: after ${what}`,
      t.heard === 0 && t.open === 0 && t.control === TRIALS,
      `${t.heard} messages received after revocation; ${t.open}/${t.sockets} sockets still open ${GRACE_MS / 1000} s after ` +
        `(socket.io + WebSocket on ${instances} instance${instances > 1 ? 's' : ''}, ${TRIALS} trials; last drop ` +
        `${t.slowestMs === null ? 'never' : `≤ ${t.slowestMs} ms after the answer`}); the live socket heard the reply ${t.control}/${TRIALS}` +
        `${t.odd.length ? ` — ${t.odd.slice(0, 2).join('; ')}` : ''}`,
      '0 messages; 0 open; live socket heard it',
    ),
  );
}

export const securitySocketsTest: BatteryTest = {
  no: 13,
  title: 'sockets of a revoked session',
  env: () => ({ LOGIN_MAX_ATTEMPTS: '1000' }),
  async run(ctx) {
    let second: Instance | null = null;
    try {
      if (ctx.s.redisUrl) second = await startInstance(ctx.product, ctx.s.port + 1);
      const urls = [ctx.product.url, ...(second ? [second.url] : [])];
      for (const [id, kind, what] of [
        ['13.1', 'logout', 'logout'],
        ['13.2', 'password', 'a password change'],
      ] as const) {
        const m = await register(ctx.api);
        const hello = { message: { message_type: 'text', payload: { text: 'hello' } } };
        if ((await ctx.api.post('/api/chat/send-message', hello, { token: m.token })).status !== 200) {
          throw new Error('chat send-message failed');
        }
        const tally: Tally = { sockets: 0, heard: 0, open: 0, slowestMs: null, control: 0, odd: [] };
        for (let i = 0; i < TRIALS; i++) await trial(ctx, urls, m, kind, i, tally);
        report(ctx, id, what, tally, urls.length);
      }
      if (!second) {
        const skipped = 'REDIS_URL unset: 13.1 and 13.2 ran on one instance';
        ctx.emit(line('13.3', 'sockets of a revoked session: a second instance', null, skipped, 'needs Redis'));
      }
    } finally {
      await second?.stop();
      const errors = (second?.output() ?? '').split('\n').filter((l) => /"level":(50|60)/.test(l));
      if (errors.length > 0)
        ctx.log(`second instance logged ${errors.length} errors:\n${errors.slice(0, 5).join('\n')}`);
    }
  },
};
