// 19.5 The audit trail against its own database's owner. The append-only trigger refuses an UPDATE,
// a DELETE and a TRUNCATE; the owner then switches it off and edits an entry's `after`, removes an
// entry, appends a forged one — each time `npm run audit:check` must exit non-zero naming the seq —
// and puts everything back (the chain whole again). 19.6 the owner appends an entry whose hash is
// recomputed by the published algorithm, without the key (plain sha256) and under another key: the
// chain is an HMAC under AUDIT_CHAIN_KEY, kept outside the database, so both must be named; with the
// server's own key (the control) it fits. And audit:check run under another key says so.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { entryHash, hashedText } from '../../../apps/server/src/modules/audit/audit-hash.ts';
import { line, type TestContext } from '../harness.ts';
import { BATTERY_AUDIT_CHAIN_KEY } from '../product.ts';
import { REPO_ROOT } from '../settings.ts';

type Check = { code: number; out: string };

const OTHER_KEY = 'not-the-servers-audit-chain-key-32-bytes';

function auditCheck(ctx: TestContext, env: Record<string, string> = {}): Promise<Check> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'audit:check'],
      { cwd: REPO_ROOT, env: { ...process.env, ...ctx.product.env, ...env, INIT_CWD: REPO_ROOT }, timeout: 120_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, out: `${stdout}${stderr}`.trim() });
      },
    );
  });
}

/** Runs `statement` with the append-only trigger off, as the table's owner may. */
async function asOwner(ctx: TestContext, statement: string, params: unknown[] = []) {
  const client = await ctx.product.pool.connect();
  try {
    await client.query('begin');
    await client.query('alter table audit_log disable trigger audit_log_append_only');
    await client.query(statement, params);
    await client.query('alter table audit_log enable trigger audit_log_append_only');
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
}

/** The statement is refused by the trigger (the transaction rolled back). */
async function refused(ctx: TestContext, statement: string): Promise<boolean> {
  return ctx.sql(statement).then(
    () => false,
    (err: Error) => /append-only/.test(err.message),
  );
}

type Row = { seq: string; hash: string };

export async function auditTampering(ctx: TestContext) {
  const rows = await ctx.sql<Row>('select seq::text as seq, hash from audit_log order by audit_log.seq');
  if (rows.length < 3) throw new Error(`audit trail too short to tamper with: ${rows.length} entries`);
  const mid = rows[Math.floor(rows.length / 2)]!;
  const last = rows[rows.length - 1]!;
  const seq = Number(mid.seq);
  const next = Number(last.seq) + 1;

  const trigger = [
    await refused(ctx, `update audit_log set reason = 'battery' where seq = ${seq}`),
    await refused(ctx, `delete from audit_log where seq = ${seq}`),
    await refused(ctx, 'truncate audit_log'),
  ];
  const whole = await auditCheck(ctx);

  const named: string[] = [];
  const missed: string[] = [];
  const judge = (what: string, c: Check, seqNamed: number) => {
    const isNamed = c.code !== 0 && new RegExp(`seq ${seqNamed}\\b`).test(c.out);
    (isNamed ? named : missed).push(isNamed ? what : `${what}: exit ${c.code} "${c.out.slice(-200)}"`);
  };

  // The entry as it was, kept in the database itself (no round trip through JavaScript).
  await ctx.sql('create table battery_audit_copy as select * from audit_log where seq = $1', [seq]);
  // An entry's after-field edited.
  await asOwner(ctx, `update audit_log set "after" = '{"forged": true}'::jsonb where seq = $1`, [seq]);
  judge(`edit of seq ${seq}`, await auditCheck(ctx), seq);
  await asOwner(ctx, 'update audit_log a set "after" = c."after" from battery_audit_copy c where a.seq = c.seq');
  // An entry removed: the next one names the gap.
  await asOwner(ctx, 'delete from audit_log where seq = $1', [seq]);
  judge(`removal of seq ${seq}`, await auditCheck(ctx), seq + 1);
  await asOwner(ctx, 'insert into audit_log select * from battery_audit_copy');
  await ctx.sql('drop table battery_audit_copy');
  // A forged entry appended (the trigger allows inserts) with a hash that is not its own.
  const forged = {
    seq: next,
    at: new Date(),
    actor: 'system',
    staffId: null,
    action: 'staff.create',
    objectType: 'staff',
    objectId: '999',
    memberId: null,
    reason: 'forged by the battery',
    before: null,
    after: { role: 'owner' },
    requestId: null,
  };
  const insertForged = (hash: string) =>
    ctx.sql(
      `insert into audit_log (seq, at, actor, action, object_type, object_id, reason, "after", prev_hash, hash)
       values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10)`,
      [
        next,
        forged.at,
        forged.actor,
        forged.action,
        forged.objectType,
        forged.objectId,
        forged.reason,
        JSON.stringify(forged.after),
        last.hash,
        hash,
      ],
    );
  await insertForged(last.hash);
  judge(`forged entry seq ${next}`, await auditCheck(ctx), next);
  await asOwner(ctx, 'delete from audit_log where seq = $1', [next]);
  const restored = await auditCheck(ctx);

  const isTriggerOn = trigger.every(Boolean);
  ctx.emit(
    line(
      '19.5',
      'ops: audit chain tampering',
      isTriggerOn && whole.code === 0 && missed.length === 0 && restored.code === 0,
      `trigger refused update/delete/truncate: ${trigger.filter(Boolean).length}/3; audit:check named ` +
        `${named.length}/3 (${[...named, ...missed].join('; ')}); chain whole before: ${whole.code === 0 ? 'yes' : whole.out}; ` +
        `after restoring: ${restored.code === 0 ? 'yes' : restored.out}`,
      '3/3 refused, 3/3 named with their seq, whole before and after',
    ),
  );

  // The owner who also recomputes the hash: without the key, under another key, and (the control)
  // under the server's own, which only the servers and audit:check hold.
  const forgeries: [string, string][] = [
    ['plain sha256', createHash('sha256').update(hashedText(last.hash, forged)).digest('hex')],
    ['HMAC under another key', entryHash(OTHER_KEY, last.hash, forged)],
  ];
  const forgedNamed: string[] = [];
  const forgedMissed: string[] = [];
  for (const [how, hash] of forgeries) {
    await insertForged(hash);
    const c = await auditCheck(ctx);
    const isNamed = c.code !== 0 && new RegExp(`seq ${next}\\b`).test(c.out);
    (isNamed ? forgedNamed : forgedMissed).push(isNamed ? how : `${how}: exit ${c.code} "${c.out.slice(-200)}"`);
    await asOwner(ctx, 'delete from audit_log where seq = $1', [next]);
  }
  await insertForged(entryHash(BATTERY_AUDIT_CHAIN_KEY, last.hash, forged));
  const control = await auditCheck(ctx);
  await asOwner(ctx, 'delete from audit_log where seq = $1', [next]);
  const otherKey = await auditCheck(ctx, { AUDIT_CHAIN_KEY: OTHER_KEY });
  const isMismatchSaid = otherKey.code === 1 && /KEY MISMATCH/.test(otherKey.out);
  const after = await auditCheck(ctx);
  ctx.emit(
    line(
      '19.6',
      'ops: forged entry, hash recomputed',
      forgedMissed.length === 0 && control.code === 0 && isMismatchSaid && after.code === 0,
      `audit:check named ${forgedNamed.length}/${forgeries.length} forged appends with seq ${next} ` +
        `(${[...forgedNamed, ...forgedMissed].join('; ')}); control under the server's key: exit ${control.code}; ` +
        `under another AUDIT_CHAIN_KEY: exit ${otherKey.code}${isMismatchSaid ? ', key mismatch said' : ` "${otherKey.out.slice(-160)}"`}; ` +
        `whole after: ${after.code === 0 ? 'yes' : after.out}`,
      '2/2 named with their seq; the control passes; another key is reported as a key mismatch',
    ),
  );
}
