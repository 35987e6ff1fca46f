// 18. Files on every instance (docs/architecture.md §7): three server processes on one database, each with its
// own disk (DATA_DIR, UPLOAD_DIR), as three machines would have. 18.1 members upload slips through
// instance 1 while the sandbox bank has not shown their transfers yet (a 1 h delay): each slip is
// PENDING; the bank then shows them, and only instances 2 and 3 run the recheck job. Figure: slips
// credited (goal all). 18.2 a chat image uploaded through each instance, and each slip's signed image
// link, fetched from every instance. Figure: answered 200 with the same bytes everywhere (goal all).
// 18.3 a member's day through a round-robin balancer in front of the three (scale-balancer.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { type BatteryTest, eventually, line, type TestContext } from '../harness.ts';
import { type Client, createClient, multipart, type Res } from '../http.ts';
import { HOUSE_SLIP_ACCOUNT, type Member, registerMany } from '../members.ts';
import { type Instance, startInstance } from '../product.ts';
import { throughBalancer } from './scale-balancer.ts';

const SLIPS = 8;
const BAHT = 100;
/** A slip's first recheck is 15 s after its upload; backing off, the job is well done by then. */
const SETTLE_MS = 120_000;
const BANK_FEED_FAULTS = '/dev/payment-faults/bank-feed';

/** Another server on its own disk, running the slip recheck job. */
async function otherInstance(ctx: TestContext, k: number, dirs: string[]): Promise<Instance> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `krapao-battery-${ctx.product.n}-instance-${k}-`));
  dirs.push(dir);
  const env = { ...ctx.product.env, DATA_DIR: dir, UPLOAD_DIR: path.join(dir, 'uploads'), SLIP_JOB_INTERVAL_MS: '500' };
  return startInstance({ ...ctx.product, env }, ctx.s.port + k);
}

function expectOk(res: Res, what: string): Res {
  if (res.status !== 200) throw new Error(`${what}: HTTP ${res.status} ${res.error ?? res.text.slice(0, 300)}`);
  return res;
}

async function uploadPendingSlips(ctx: TestContext, members: Member[]): Promise<string[]> {
  expectOk(await ctx.api.put(BANK_FEED_FAULTS, { delayMs: 3_600_000 }), 'bank delay');
  const references: string[] = [];
  for (const m of members) {
    const body = {
      fromBankCode: m.bankCode,
      fromAccountNo: m.bankAccountNo,
      toAccountNo: HOUSE_SLIP_ACCOUNT,
      amount: BAHT,
    };
    const transfer = expectOk(await ctx.api.post('/dev/bank/transfer', body), 'bank transfer');
    const form = multipart({ filename: 'slip.png', type: 'image/png', data: transfer.raw });
    const res = expectOk(
      await ctx.api.call('POST', '/api/wallet/slip', {
        token: m.token,
        body: form.body,
        contentType: form.contentType,
      }),
      'slip upload',
    );
    if (res.body.status !== 'PENDING') throw new Error(`slip upload answered ${res.text}, not PENDING`);
    references.push(res.body.reference as string);
  }
  expectOk(await ctx.api.put(BANK_FEED_FAULTS, { delayMs: 0 }), 'bank delay off');
  // The bank shows the transfers now.
  await ctx.sql('update sandbox_bank_feed set visible_at = now()');
  return references;
}

type SlipRow = { reference: string; status: string; note: string | null };

async function creditedElsewhere(ctx: TestContext, references: string[]) {
  const rows = () =>
    ctx.sql<SlipRow>('select reference, status, note from slips where reference = any($1)', [references]);
  const settled = await eventually(async () => (await rows()).every((r) => r.status !== 'PENDING'), SETTLE_MS, 500);
  const all = await rows();
  const credited = all.filter((r) => r.status === 'SUCCESS').length;
  const notes = [...new Set(all.filter((r) => r.status !== 'SUCCESS').map((r) => r.note ?? r.status))];
  ctx.emit(
    line(
      '18.1',
      'Files on every instance: a slip left PENDING on instance 1 is credited by another',
      credited === references.length && settled,
      `${credited}/${references.length} credited by instances 2–3${notes.length ? `; refused: ${notes.join(', ')}` : ''}` +
        `${settled ? '' : `; still PENDING after ${SETTLE_MS / 1000} s`}`,
      'all credited',
    ),
  );
}

/** Fetches `url` from every instance; answers how many gave 200 with the same bytes as the first. */
async function sameEverywhere(clients: Client[], url: string, token: string): Promise<number> {
  const answers = await Promise.all(clients.map((c) => c.get(url, { token })));
  const first = answers.find((a) => a.status === 200);
  return answers.filter((a) => a.status === 200 && first && a.raw.equals(first.raw)).length;
}

async function servedEverywhere(ctx: TestContext, clients: Client[], members: Member[], references: string[]) {
  let chatOk = 0;
  let chatAll = 0;
  for (const [i, client] of clients.entries()) {
    const m = members[i]!;
    const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: `#${i}0a0${i}0` } })
      .png()
      .toBuffer();
    const form = multipart({ filename: 'a.png', type: 'image/png', data: png });
    const sent = expectOk(
      await client.call('POST', '/api/chat/upload-image', {
        token: m.token,
        body: form.body,
        contentType: form.contentType,
      }),
      'chat upload',
    );
    chatOk += await sameEverywhere(clients, sent.body.path as string, m.token);
    chatAll += clients.length;
  }
  let slipOk = 0;
  let slipAll = 0;
  for (const [i, reference] of references.entries()) {
    const m = members[i]!;
    const link = expectOk(
      await ctx.api.get(`/api/statement/slip/reference/${reference}`, { token: m.token }),
      'slip link',
    );
    slipOk += await sameEverywhere(clients, link.body.url as string, m.token);
    slipAll += clients.length;
  }
  ctx.emit(
    line(
      '18.2',
      'Files on every instance: chat images and slip images served by every instance',
      chatOk === chatAll && slipOk === slipAll,
      `chat images ${chatOk}/${chatAll}, slip images ${slipOk}/${slipAll} answered 200 with the same bytes (3 instances)`,
      'all',
    ),
  );
}

export const scaleFilesTest: BatteryTest = {
  no: 18,
  title: 'Files on every instance',
  // Instance 1 does not recheck slips; no sweep credits the transfers behind the slips' backs.
  env: () => ({ SLIP_JOB_INTERVAL_MS: '0', BANK_FEED_INTERVAL_MS: '0', SLIP_MAX_PER_MINUTE: '100' }),
  async run(ctx) {
    const dirs: string[] = [];
    const instances: Instance[] = [];
    try {
      instances.push(await otherInstance(ctx, 1, dirs), await otherInstance(ctx, 2, dirs));
      const clients = [ctx.api, ...instances.map((i) => createClient(i.url))];
      const members = await registerMany(ctx.api, SLIPS);
      const references = await uploadPendingSlips(ctx, members);
      await creditedElsewhere(ctx, references);
      await servedEverywhere(ctx, clients, members, references);
      await throughBalancer(ctx, [ctx.product.url, ...instances.map((i) => i.url)]);
    } finally {
      for (const instance of instances) await instance.stop();
      for (const [k, instance] of instances.entries()) {
        const errors = instance
          .output()
          .split('\n')
          .filter((l) => /"level":(50|60)/.test(l));
        if (errors.length > 0)
          ctx.log(`instance ${k + 2} logged ${errors.length} errors:\n${errors.slice(0, 3).join('\n')}`);
      }
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  },
};
