// 20. An insider cannot credit a made-up slip or a large one alone. A finance staff member (slips.review)
// credits failed slips by hand: 20.1 under a transaction reference the bank never showed, and with an
// amount the statement does not show: refused, the wallet and the deposit references unchanged;
// 20.2 a transfer the bank did show, above the manual credit limit: it waits (ops_approvals pending),
// the requester's own approval is refused, the wallet is unchanged until an admin approves it, then
// credited once; 20.3 a transfer refused as not ours in the deposits queue (and perhaps sent back):
// a hand credit of its slip is refused, the wallet unchanged.
import { DEV_SENDING_BANK_HEADER, DEV_TRANS_REF_HEADER } from '@krapao/contracts/dev';
import { approvalsPaths } from '@krapao/contracts/ops/approvals';
import { depositsPaths } from '@krapao/contracts/ops/deposits';
import { slipsPaths } from '@krapao/contracts/ops/slips';
import { type BatteryTest, line, type TestContext } from '../harness.ts';
import { multipart, type Res } from '../http.ts';
import { balances, HOUSE_SLIP_ACCOUNT, type Member, register } from '../members.ts';
import { createOwner, createStaff, type Staff, staffHeaders } from '../staff.ts';

/** Baht a hand credit takes without a second person. */
const LIMIT_BAHT = 1000;
const LARGE_BAHT = 2500;
const SMALL_BAHT = 200;

function expectOk(res: Res, what: string): Res {
  if (res.status !== 200) throw new Error(`${what}: HTTP ${res.status} ${res.error ?? res.text.slice(0, 300)}`);
  return res;
}

/** A transfer from an account that is not the member's, and its slip uploaded: FAILED, for a person. */
async function failedSlip(ctx: TestContext, m: Member, baht: number) {
  const body = { fromBankCode: 'SCB', fromAccountNo: '9990001112', toAccountNo: HOUSE_SLIP_ACCOUNT, amount: baht };
  const transfer = expectOk(await ctx.api.post('/dev/bank/transfer', body), 'bank transfer');
  const form = multipart({ filename: 'slip.png', type: 'image/png', data: transfer.raw });
  const res = expectOk(
    await ctx.api.call('POST', '/api/wallet/slip', { token: m.token, body: form.body, contentType: form.contentType }),
    'slip upload',
  );
  if (res.body.status !== 'FAILED') throw new Error(`slip upload answered ${res.text}, not FAILED`);
  const [row] = await ctx.sql<{ id: string }>('select id from slips where reference = $1', [res.body.reference]);
  return {
    id: Number(row!.id),
    sendingBank: String(transfer.headers[DEV_SENDING_BANK_HEADER]),
    transRef: String(transfer.headers[DEV_TRANS_REF_HEADER]),
  };
}

/** The deposits-queue line the bank-feed sweep held for a transfer, once it has (it runs every few seconds). */
async function heldLineOf(ctx: TestContext, ref: string, waitMs = 30_000): Promise<number | null> {
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    const [row] = await ctx.sql<{ id: string }>(
      `select id from deposit_reviews where kind = 'BANK' and ref = $1 and status = 'WAITING'`,
      [ref],
    );
    if (row) return Number(row.id);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}

const count = async (ctx: TestContext, query: string, params: unknown[] = []) =>
  Number((await ctx.sql<{ n: string }>(query, params))[0]?.n ?? 0);

export const securityOpsSlipsTest: BatteryTest = {
  no: 20,
  title: 'insider slip credits',
  env: () => ({ OPS_MANUAL_ADJUST_LIMIT_BAHT: String(LIMIT_BAHT) }),
  async run(ctx) {
    const owner = await createOwner(ctx.api, ctx.product);
    const finance: Staff = await createStaff(ctx.api, owner, 'finance', 'bat-slips');
    const admin: Staff = await createStaff(ctx.api, owner, 'admin', 'bat-approver');
    const m = await register(ctx.api);
    const credit = (s: Staff, slipId: number, body: object) =>
      ctx.api.post(slipsPaths.credit.replace(':slipId', String(slipId)), body, { headers: staffHeaders(s) });
    const decide = (s: Staff, id: number) =>
      ctx.api.post(
        approvalsPaths.slipCreditApprove.replace(':approvalId', String(id)),
        { reason: 'battery check' },
        {
          headers: staffHeaders(s),
        },
      );
    const wallet = async () => (await balances(ctx.api, m)).wallet;
    const references = () => count(ctx, 'select count(*) as n from deposit_references where member_id = $1', [m.id]);

    // 20.1 A reference the bank never showed, and a real one with another amount.
    const small = await failedSlip(ctx, m, SMALL_BAHT);
    const refsBefore = await references();
    const madeUp = await credit(finance, small.id, {
      amount: String(SMALL_BAHT),
      sendingBank: small.sendingBank,
      transRef: 'BATTERYMADEUP0001',
      reason: 'the member says so',
    });
    const inflated = await credit(finance, small.id, {
      amount: String(SMALL_BAHT * 10),
      sendingBank: small.sendingBank,
      transRef: small.transRef,
      reason: 'the member says so',
    });
    const refused = [madeUp, inflated].filter((r) => r.status === 409 && r.body?.message === 'OPS_NOT_ON_STATEMENT');
    const [slip] = await ctx.sql<{ status: string; reviewed_at: Date | null }>(
      'select status, reviewed_at from slips where id = $1',
      [small.id],
    );
    const walletAfterRefusals = await wallet();
    const refsAfter = await references();
    ctx.emit(
      line(
        '20.1',
        'ops: insider credits a made-up slip',
        refused.length === 2 &&
          walletAfterRefusals === 0 &&
          refsAfter === refsBefore &&
          slip?.status === 'FAILED' &&
          slip.reviewed_at === null,
        `refused OPS_NOT_ON_STATEMENT: ${refused.length}/2 (made-up reference: ${madeUp.status} ${madeUp.body?.message} ` +
          `${madeUp.body?.reason ?? ''}; ten times the amount: ${inflated.status} ${inflated.body?.message} ${inflated.body?.reason ?? ''}); ` +
          `wallet ${walletAfterRefusals}; deposit references added ${refsAfter - refsBefore}; slip ${slip?.status}, ` +
          `${slip?.reviewed_at ? 'marked decided' : 'still in the queue'}`,
        'both refused, wallet 0, nothing recorded, the slip still undecided',
      ),
    );

    // 20.2 A real transfer above the limit: a second person decides.
    const large = await failedSlip(ctx, m, LARGE_BAHT);
    const asked = await credit(finance, large.id, {
      amount: String(LARGE_BAHT),
      sendingBank: large.sendingBank,
      transRef: large.transRef,
      reason: 'seen on the statement',
    });
    const approvalId = Number(asked.body?.approvalId);
    const pending = await count(
      ctx,
      `select count(*) as n from ops_approvals where id = $1 and kind = 'slip-credit' and status = 'pending'`,
      [approvalId],
    );
    const walletWaiting = await wallet();
    const self = await decide(finance, approvalId);
    const walletAfterSelf = await wallet();
    const approved = await decide(admin, approvalId);
    const walletApproved = await wallet();
    const again = await decide(owner, approvalId);
    const walletEnd = await wallet();
    const credits = await count(
      ctx,
      `select count(*) as n from ledger_transactions where member_id = $1 and type = 'DEPOSIT' and amount = $2`,
      [m.id, LARGE_BAHT * 100],
    );
    ctx.emit(
      line(
        '20.2',
        'ops: insider credits a large slip alone',
        asked.status === 200 &&
          approvalId > 0 &&
          pending === 1 &&
          walletWaiting === 0 &&
          self.body?.message === 'OPS_SELF_APPROVAL' &&
          walletAfterSelf === 0 &&
          approved.status === 200 &&
          walletApproved === LARGE_BAHT &&
          again.body?.message === 'OPS_ALREADY_DECIDED' &&
          walletEnd === LARGE_BAHT &&
          credits === 1,
        `credit of ${LARGE_BAHT} (limit ${LIMIT_BAHT}): ${asked.status}, ${pending ? 'waiting for approval' : 'not waiting'}; ` +
          `wallet ${walletWaiting} while waiting; own approval: ${self.body?.message ?? self.status}, wallet ${walletAfterSelf}; ` +
          `an admin approves: ${approved.status}, wallet ${walletApproved}; a second approval: ${again.body?.message ?? again.status}; ` +
          `credits ${credits}`,
        'waits, own approval refused, wallet 0 until another staff member approves, then credited once',
      ),
    );

    // 20.3 Refused as not ours in the deposits queue, then credited by hand from the slips queue.
    const returned = await failedSlip(ctx, m, SMALL_BAHT);
    const lineId = await heldLineOf(ctx, `${returned.sendingBank}:${returned.transRef}`);
    const rejected =
      lineId === null
        ? null
        : await ctx.api.post(
            depositsPaths.reject.replace(':reviewId', String(lineId)),
            { reason: 'returned to the sender' },
            { headers: staffHeaders(finance) },
          );
    const walletBefore = await wallet();
    const byHand = await credit(finance, returned.id, {
      amount: String(SMALL_BAHT),
      sendingBank: returned.sendingBank,
      transRef: returned.transRef,
      reason: 'the member says it was theirs',
    });
    const walletAfter = await wallet();
    ctx.emit(
      line(
        '20.3',
        'ops: hand credit of a transfer refused as not ours',
        rejected?.status === 200 &&
          byHand.status === 409 &&
          byHand.body?.message === 'OPS_REFERENCE_USED' &&
          walletAfter === walletBefore,
        `line held: ${lineId === null ? 'no' : 'yes'}; not ours: ${rejected?.status ?? '-'}; hand credit: ${byHand.status} ` +
          `${byHand.body?.message ?? ''}; wallet ${walletBefore} → ${walletAfter}`,
        'refused OPS_REFERENCE_USED, wallet unchanged',
      ),
    );
  },
};
