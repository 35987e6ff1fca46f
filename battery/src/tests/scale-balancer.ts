// 18.3 A member's day through a round-robin balancer with no sticky sessions (src/round-robin.ts):
// every request and every socket goes to the next of three instances in turn. Sign-up, sign-in,
// wallet reads, a chat image uploaded and fetched back, and agent replies sent through the balancer
// (so through another instance than the member's sockets) must reach the member's socket.io and
// WebSocket connections. Needs Redis (the instances share sockets' rooms through it).
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { DEV_OPERATOR_TOKEN } from '../../../apps/server/src/config.ts';
import { eventually, line, type TestContext } from '../harness.ts';
import { type Client, createClient, multipart } from '../http.ts';
import { login, register } from '../members.ts';
import { startRoundRobin } from '../round-robin.ts';

const READS = 12;
const REPLIES = 10;

function socketIo(url: string, token: string, room: string, heard: { n: number }): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, timeout: 5_000 });
    s.on('messaging', () => {
      heard.n += 1;
    });
    s.once('connect_error', (err) => reject(new Error(`socket.io through the balancer: ${err.message}`)));
    s.once('connect', async () => {
      const ack = await s.timeout(5_000).emitWithAck('join', room);
      if (ack?.ok) resolve(s);
      else reject(new Error(`socket.io join: ${JSON.stringify(ack)}`));
    });
  });
}

function webSocket(url: string, token: string, heard: { n: number }): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/chat/ws`);
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { event: string };
      if (frame.event === 'joined') resolve(ws);
      else if (frame.event === 'messaging') heard.n += 1;
    });
    ws.on('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ event: 'join', token })));
    setTimeout(() => reject(new Error('WebSocket through the balancer: no joined frame')), 5_000);
  });
}

/** Requests answered 200 out of those sent, through `api`. */
async function memberDay(api: Client) {
  const m = await register(api);
  const token = await login(api, m.username, m.password);
  let ok = 0;
  let sent = 0;
  const count = (status: number) => {
    sent += 1;
    if (status === 200) ok += 1;
  };
  for (let i = 0; i < READS; i++) count((await api.get('/api/wallet', { token })).status);
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3a6b2c' } })
    .png()
    .toBuffer();
  const form = multipart({ filename: 'a.png', type: 'image/png', data: png });
  const upload = await api.call('POST', '/api/chat/upload-image', {
    token,
    body: form.body,
    contentType: form.contentType,
  });
  count(upload.status);
  for (let i = 0; i < 3; i++) {
    const file = await api.get(String(upload.body?.path), { token });
    count(file.status === 200 && file.raw.length > 0 ? 200 : file.status);
  }
  return { m, token, ok, sent };
}

export async function throughBalancer(ctx: TestContext, instanceUrls: string[]) {
  if (!ctx.s.redisUrl) {
    ctx.emit(
      line(
        '18.3',
        'Files on every instance: a member through a round-robin balancer',
        null,
        'skipped: needs REDIS_URL',
        'all',
      ),
    );
    return;
  }
  const balancer = await startRoundRobin(instanceUrls);
  const sockets: { close(): void }[] = [];
  try {
    const api = createClient(balancer.url);
    const { m, token, ok, sent } = await memberDay(api);
    const room = `${ctx.product.env.CHAT_PREFIX}:${m.id}`;
    const byIo = { n: 0 };
    const byWs = { n: 0 };
    sockets.push(await socketIo(balancer.url, token, room, byIo));
    const ws = await webSocket(balancer.url, token, byWs);
    sockets.push({ close: () => ws.close() });
    let replies = 0;
    for (let i = 0; i < REPLIES; i++) {
      const res = await api.post(
        '/api/chat/agent/reply',
        { userId: String(m.id), message: { message_type: 'text', payload: { text: `reply ${i}` } } },
        { token: DEV_OPERATOR_TOKEN },
      );
      if (res.status === 200) replies += 1;
    }
    const heard = await eventually(async () => byIo.n >= replies && byWs.n >= replies, 10_000, 50);
    const spread = balancer.handed.every((n) => n > 0);
    ctx.emit(
      line(
        '18.3',
        'Files on every instance: a member through a round-robin balancer',
        ok === sent && replies === REPLIES && heard && byIo.n === REPLIES && byWs.n === REPLIES && spread,
        `${ok}/${sent} requests answered (sign-up, sign-in, wallet, chat image up and back); ${replies}/${REPLIES} agent replies sent, ` +
          `heard by socket.io ${byIo.n}, by WebSocket ${byWs.n}; handed to the instances ${balancer.handed.join(' / ')}`,
        'all answered; every reply heard once on both sockets; every instance used',
      ),
    );
  } finally {
    for (const s of sockets) s.close();
    await balancer.close();
  }
}
