// 8. Hostile uploads: every file of hostile-files.ts sent as a slip and to the chat. Each must be
// refused, or stored re-encoded; whatever is served back is fetched and must be an image (or video)
// type under nosniff and a sandbox CSP, not the uploaded bytes (images), and carry no markup. 8.4, the
// slip upload's daily closed window, is in slip-window.ts.
import { type BatteryTest, line, type TestContext } from '../harness.ts';
import { multipart, type Res } from '../http.ts';
import { type Member, register } from '../members.ts';
import { carriesMarkup, type HostileFile, hostileFiles } from './hostile-files.ts';
import { slipClosedWindow } from './slip-window.ts';

type Outcome = 'refused' | 're-encoded' | 'stored as video' | 'UNSAFE';
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp)$/;
const VIDEO_TYPES = /^video\/(mp4|quicktime)$/;

/** What was served back for an accepted upload, judged. */
function judgeServed(file: HostileFile, served: Res): { outcome: Outcome; why?: string } {
  const type = String(served.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  const problems: string[] = [];
  if (served.status !== 200) problems.push(`served HTTP ${served.status}`);
  const allowed = file.kind === 'video' ? VIDEO_TYPES.test(type) || IMAGE_TYPES.test(type) : IMAGE_TYPES.test(type);
  if (!allowed) problems.push(`served as ${type || 'nothing'}`);
  if (served.headers['x-content-type-options'] !== 'nosniff') problems.push('no nosniff');
  if (!/sandbox/.test(String(served.headers['content-security-policy'] ?? ''))) problems.push('no sandbox CSP');
  if (carriesMarkup(served.raw)) problems.push('markup served back');
  const sameBytes = served.raw.equals(file.data);
  if (sameBytes && IMAGE_TYPES.test(type)) problems.push('stored as uploaded, not re-encoded');
  if (problems.length > 0) return { outcome: 'UNSAFE', why: problems.join(', ') };
  return { outcome: IMAGE_TYPES.test(type) ? 're-encoded' : 'stored as video' };
}

async function asSlip(ctx: TestContext, m: Member, file: HostileFile) {
  const form = multipart({ filename: file.filename, type: file.type, data: file.data });
  const res = await ctx.api.call('POST', '/api/wallet/slip', {
    token: m.token,
    body: form.body,
    contentType: form.contentType,
  });
  if (res.status >= 400 && res.status < 500) return { outcome: 'refused' as Outcome };
  if (res.status !== 200)
    return { outcome: 'UNSAFE' as Outcome, why: `HTTP ${res.status} ${res.error ?? res.text.slice(0, 80)}` };
  const link = await ctx.api.get(`/api/statement/slip/reference/${encodeURIComponent(res.body.reference)}`, {
    token: m.token,
  });
  if (link.status !== 200) return { outcome: 'UNSAFE' as Outcome, why: `no link: ${link.text.slice(0, 80)}` };
  return judgeServed(file, await ctx.api.get(link.body.url));
}

async function toChat(ctx: TestContext, m: Member, file: HostileFile) {
  const form = multipart({ filename: file.filename, type: file.type, data: file.data });
  const path = file.kind === 'video' ? '/api/chat/upload-video' : '/api/chat/upload-image';
  const res = await ctx.api.call('POST', path, { token: m.token, body: form.body, contentType: form.contentType });
  if (res.status >= 400 && res.status < 500) return { outcome: 'refused' as Outcome };
  if (res.status !== 200)
    return { outcome: 'UNSAFE' as Outcome, why: `HTTP ${res.status} ${res.error ?? res.text.slice(0, 80)}` };
  return judgeServed(file, await ctx.api.get(res.body.path, { token: m.token }));
}

async function report(
  ctx: TestContext,
  id: string,
  name: string,
  files: HostileFile[],
  send: (f: HostileFile) => Promise<{ outcome: Outcome; why?: string }>,
) {
  const counts = new Map<Outcome, number>();
  const unsafe: string[] = [];
  for (const f of files) {
    const r = await send(f);
    counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
    if (r.outcome === 'UNSAFE') unsafe.push(`${f.name}: ${r.why}`);
  }
  const summary = (['refused', 're-encoded', 'stored as video'] as Outcome[])
    .filter((o) => counts.get(o))
    .map((o) => `${counts.get(o)} ${o}`)
    .join(', ');
  ctx.emit(
    line(
      id,
      name,
      unsafe.length === 0,
      `${files.length} hostile files: ${summary}; ${unsafe.length} unsafe${unsafe.length ? ` — ${unsafe.slice(0, 3).join('; ')}` : ''}`,
      'all refused or re-encoded; 0 served as HTML/script',
    ),
  );
}

export const uploadsTest: BatteryTest = {
  no: 8,
  title: 'hostile uploads',
  env: () => ({ SLIP_MAX_PER_MINUTE: '1000', SLIP_IP_MAX_PER_MINUTE: '1000', CHAT_UPLOAD_MAX_PER_HOUR: '1000' }),
  async run(ctx) {
    const files = await hostileFiles();
    const m = await register(ctx.api);
    await report(ctx, '8.1', 'hostile uploads: slips', files, (f) => asSlip(ctx, m, f));
    const images = files.filter((f) => f.kind === 'image');
    await report(ctx, '8.2', 'hostile uploads: chat images', images, (f) => toChat(ctx, m, f));
    const videos = files.filter((f) => f.kind === 'video');
    await report(ctx, '8.3', 'hostile uploads: chat videos', videos, (f) => toChat(ctx, m, f));
    await slipClosedWindow(ctx, m);
  },
};
