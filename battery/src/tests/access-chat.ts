// Test 6, chat: B's conversation (messages, uploads, socket room) seen from A's token, from no token,
// from another guest, over HTTP, socket.io and the plain WebSocket backend. B's own socket hears
// B's message (so the test can see a delivery); A's must not.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import type { TestContext } from '../harness.ts';
import { multipart, sleep } from '../http.ts';
import type { Member } from '../members.ts';
import { type Check, refusal } from './access.ts';

const text = (body: string) => ({ message: { message_type: 'text', payload: { text: body } } });

function connect(url: string, auth: Record<string, string>): Promise<Socket | Error> {
  return new Promise((resolve) => {
    const s = io(url, { auth, transports: ['websocket'], reconnection: false, timeout: 5000 });
    s.once('connect', () => resolve(s));
    s.once('connect_error', (err) => {
      s.close();
      resolve(err);
    });
  });
}

async function upload(ctx: TestContext, headers: Record<string, string>, token?: string): Promise<string> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#aa0000' } })
    .png()
    .toBuffer();
  const form = multipart({ filename: 'a.png', type: 'image/png', data: png });
  const res = await ctx.api.call('POST', '/api/chat/upload-image', {
    token,
    headers,
    body: form.body,
    contentType: form.contentType,
  });
  if (res.status !== 200) throw new Error(`chat upload: ${res.text}`);
  return res.body.path as string;
}

async function socketChecks(ctx: TestContext, a: Member, b: Member, secret: string): Promise<Check[]> {
  const prefix = ctx.product.env.CHAT_PREFIX!;
  const checks: Check[] = [];
  const sockA = await connect(ctx.product.url, { token: a.token });
  const sockB = await connect(ctx.product.url, { token: b.token });
  if (sockA instanceof Error || sockB instanceof Error) throw new Error('socket.io connect failed');
  const heardA: string[] = [];
  const heardB: string[] = [];
  sockA.on('messaging', (m) => heardA.push(JSON.stringify(m)));
  sockB.on('messaging', (m) => heardB.push(JSON.stringify(m)));
  const own = await sockB.timeout(5000).emitWithAck('join', `${prefix}:${b.id}`);
  if (!own?.ok) throw new Error(`B cannot join its own room: ${JSON.stringify(own)}`);
  for (const room of [`${prefix}:${b.id}`, `${prefix}:operator`, `${prefix}:${b.id} `, `${prefix}:*`]) {
    const ack = await sockA.timeout(5000).emitWithAck('join', room);
    checks.push({
      what: `socket.io join ${room.replace(prefix, 'PREFIX')}`,
      refused: ack?.ok !== true,
      detail: JSON.stringify(ack),
    });
  }

  const ws = new WebSocket(`${ctx.product.url.replace('http', 'ws')}/api/chat/ws`);
  const heardWs: string[] = [];
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.on('message', (d) => heardWs.push(String(d)));
  ws.send(JSON.stringify({ event: 'join', token: a.token }));
  await sleep(300);
  ws.send(JSON.stringify({ event: 'join', guestId: `guest-${randomUUID()}` }));

  await ctx.api.post('/api/chat/send-message', text(`${secret}-live`), { token: b.token });
  const delivered = await waitFor(() => heardB.some((m) => m.includes(`${secret}-live`)), 5000);
  if (!delivered) throw new Error('B’s own socket never heard B’s message: the check would prove nothing');
  await sleep(300);
  checks.push({ what: 'socket.io: A hears B’s message', refused: !heardA.some((m) => m.includes(secret)) });
  checks.push({ what: 'WebSocket: A hears B’s message', refused: !heardWs.some((m) => m.includes(secret)) });
  checks.push({ what: 'WebSocket: second join refused', refused: heardWs.some((m) => m.includes('KEY_INVALID')) });

  for (const [what, auth] of [
    ['socket.io with a wrong operator token', { operatorToken: 'krapao-dev-operator-tokeN' }],
    ['socket.io with a made-up token', { token: 'x'.repeat(43) }],
  ] as const) {
    const s = await connect(ctx.product.url, auth);
    checks.push({ what, refused: s instanceof Error });
    if (!(s instanceof Error)) s.close();
  }
  sockA.close();
  sockB.close();
  ws.close();
  return checks;
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await sleep(50);
  }
  return check();
}

export async function chatChecks(ctx: TestContext, a: Member, b: Member): Promise<Check[]> {
  const api = ctx.api;
  const secret = `secret-${randomUUID()}`;
  await api.post('/api/chat/send-message', text(secret), { token: b.token });
  const bFile = await upload(ctx, {}, b.token);
  const guest = `guest-${randomUUID()}`;
  const guestFile = await upload(ctx, { 'x-chat-guest-id': guest });
  const other = { 'x-chat-guest-id': `guest-${randomUUID()}` };
  const checks: Check[] = [];

  checks.push(refusal('B’s upload with A’s token', await api.get(bFile, { token: a.token })));
  checks.push(refusal('B’s upload without a token', await api.get(bFile)));
  checks.push(refusal('B’s upload as another guest', await api.get(bFile, { headers: other })));
  checks.push(refusal('a guest’s upload with A’s token', await api.get(guestFile, { token: a.token })));
  checks.push(refusal('a guest’s upload as another guest', await api.get(guestFile, { headers: other })));

  const asA = await api.post('/api/chat/history', { userId: String(b.id), limit: 50, skip: 0 }, { token: a.token });
  checks.push({
    what: 'history with B’s userId and A’s token',
    refused: !asA.text.includes(secret),
    detail: asA.text.slice(0, 80),
  });
  checks.push(
    refusal(
      'history with B’s userId, no token',
      await api.post('/api/chat/history', { userId: String(b.id), limit: 50, skip: 0 }),
      [secret],
    ),
  );
  checks.push(
    refusal(
      'send into B’s conversation, no token',
      await api.post('/api/chat/send-message', { userId: String(b.id), ...text(`${secret}-forged`) }),
    ),
  );
  checks.push(
    refusal(
      'mark B’s conversation read, no token',
      await api.put('/api/chat/read-customer/', { userId: String(b.id) }),
    ),
  );
  const bHistory = await api.post('/api/chat/history', { limit: 50, skip: 0 }, { token: b.token });
  checks.push({
    what: 'nothing forged reached B’s conversation',
    refused: !bHistory.text.includes(`${secret}-forged`),
  });

  checks.push(...(await socketChecks(ctx, a, b, secret)));
  return checks;
}
