// What an uploaded slip comes to (decision 043): the stored image's mini-QR is read, the
// verifier is asked, the rules are checked and the transfer credits once, or the slip records its
// reason code. A bank that has not shown the transfer yet (or a verifier that does not answer)
// leaves the slip PENDING for the recheck job, up to a deadline. The upload and the job share this.
import type { Currency } from '@krapao/contracts/constants';
import type { SlipReason } from '@krapao/contracts/errors';
import sharp from 'sharp';
import { readSlipQr, SLIP_MIN_SIDE } from '../../../adapters/slip/slip-image.ts';
import {
  type SlipQuery,
  type SlipVerdict,
  SlipVerifierUnavailable,
} from '../../../adapters/slip/slip-verifier.port.ts';
import type { AppContext } from '../../../context.ts';
import { recordCallFailure } from '../../../lib/party-failures.ts';
import { createMemberRepository } from '../../account/index.ts';
import { createLookupService } from '../../lookup/index.ts';
import { createDepositCredit } from '../credit.ts';
import { createSlipRepository, type SlipRow } from './slip.repository.ts';
import { bankReferenceOf, parseSlipQr, slipRuleBroken } from './slip-checks.ts';
import { readSlipImage } from './slip-file.ts';

const RECHECK_FIRST_MS = 15_000;
const RECHECK_MAX_MS = 5 * 60_000;

/** What one pass made of a slip: final, or PENDING until the job looks again. */
export type SlipOutcome =
  | { status: 'SUCCESS'; amount: bigint }
  | { status: 'FAILED'; note: SlipReason; amount: bigint }
  | { status: 'PENDING' };

type Fail = { fail: SlipReason; amount?: bigint };
type Retry = { retry: true };

export function slipLeaseMs(ctx: AppContext): number {
  return 2 * ctx.config.SLIP_VERIFY_TIMEOUT_MS + 30_000;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SlipVerifierUnavailable('timeout')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function createSlipProcessor(ctx: AppContext) {
  const repo = createSlipRepository(ctx.db);
  const members = createMemberRepository(ctx.db);
  const credits = createDepositCredit(ctx);
  const lookup = createLookupService(ctx);

  /** The sending bank and reference: read from the image once, then kept on the slip. */
  async function referenceOf(slip: SlipRow): Promise<Fail | { query: SlipQuery }> {
    const image = slip.filePath ? await readSlipImage(ctx.files, slip.filePath) : null;
    if (!image) return { fail: 'UPLOADED_FILE_NOT_EXIST' };
    if (slip.sendingBank && slip.transRef) return { query: { sendingBank: slip.sendingBank, transRef: slip.transRef } };
    const { width = 0, height = 0 } = await sharp(image).metadata();
    if (Math.min(width, height) < SLIP_MIN_SIDE) return { fail: 'CANNOT_READ_CROPPED_IMAGE' };
    const text = await readSlipQr(image);
    if (text === null) return { fail: 'INVALID_SLIP' };
    const query = parseSlipQr(text);
    if (!query) return { fail: 'UNSTABLE_REFNO_ON_SLIP' };
    await repo.setRef(slip.id, query.sendingBank, query.transRef, ctx.now());
    return { query };
  }

  async function ask(query: SlipQuery): Promise<SlipVerdict | null> {
    try {
      return await withTimeout(ctx.payments.slipVerifier.verify(query), ctx.config.SLIP_VERIFY_TIMEOUT_MS);
    } catch (err) {
      void recordCallFailure(ctx, 'slip_verifier', err);
      if (err instanceof SlipVerifierUnavailable) return null;
      throw err;
    }
  }

  async function verify(slip: SlipRow, query: SlipQuery): Promise<Fail | Retry | SlipOutcome> {
    const reference = bankReferenceOf(query);
    // Used already (by this member, another one or the bank-notice sweep): no need to ask the bank.
    if (await repo.isReferenceUsed(reference)) return { fail: 'SLIP_REFNO_DUPLICATED' };
    const verdict = await ask(query);
    if (!verdict || verdict.kind === 'DELAYED') return { retry: true };
    if (verdict.kind === 'NOT_FOUND') return { fail: 'INVALID_SLIP' };
    if (verdict.kind === 'CAPTCHA') return { fail: 'TRIPPLE_WRONG_CAPTCHA' };
    const { transfer } = verdict;
    const member = await members.byId(slip.memberId);
    if (!member) throw new Error(`slip ${slip.id}: member ${slip.memberId} not found`);
    const currency = member.currency as Currency;
    const broken = slipRuleBroken(
      transfer,
      { currency, bankAccount: await members.bankAccountOf(slip.memberId) },
      (await lookup.deposit()).banks,
      slip.createdAt,
    );
    if (broken) return { fail: broken, amount: transfer.amount };
    const now = ctx.now();
    const result = await credits.transaction(async (tx, credit) => {
      if (!(await repo.lockPending(tx, slip.id))) return null;
      const outcome = await credit(tx, {
        memberId: slip.memberId,
        amount: transfer.amount,
        currency,
        source: 'BANK',
        reference,
        fromCode: transfer.fromBankCode,
        toAccountNo: transfer.toAccountNo,
        description: 'slip',
        metadata: { slipReference: slip.reference },
      });
      if (outcome.credited) {
        await repo.succeed(tx, slip.id, transfer.amount, outcome.transactionId, now);
      } else {
        // Credited meanwhile by another upload of it or the bank-notice sweep.
        const duplicate = { status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED', amount: transfer.amount } as const;
        await repo.finish(slip.id, duplicate, now, tx);
      }
      return outcome;
    });
    if (!result) return { status: 'PENDING' };
    if (!result.credited) return { status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED', amount: transfer.amount };
    return { status: 'SUCCESS', amount: transfer.amount };
  }

  async function settle(slip: SlipRow, step: Fail | Retry | SlipOutcome): Promise<SlipOutcome> {
    if ('status' in step) return step;
    const now = ctx.now();
    if ('fail' in step) {
      const amount = step.amount ?? 0n;
      await repo.finish(slip.id, { status: 'FAILED', note: step.fail, amount }, now);
      return { status: 'FAILED', note: step.fail, amount };
    }
    const deadline = slip.createdAt.getTime() + ctx.config.SLIP_RECHECK_DEADLINE_MS;
    if (now.getTime() >= deadline) {
      await repo.finish(slip.id, { status: 'FAILED', note: 'UNKNOW_ERROR' }, now);
      return { status: 'FAILED', note: 'UNKNOW_ERROR', amount: 0n };
    }
    const wait = Math.min(RECHECK_FIRST_MS * 2 ** Math.min(slip.attempts, 10), RECHECK_MAX_MS);
    await repo.defer(slip.id, new Date(Math.min(now.getTime() + wait, deadline)), now);
    return { status: 'PENDING' };
  }

  return {
    /** One pass over a PENDING slip the caller holds the lease of. Unexpected errors end it UNKNOW_ERROR. */
    async process(slip: SlipRow, logError: (err: unknown) => void): Promise<SlipOutcome> {
      try {
        const ref = await referenceOf(slip);
        return await settle(slip, 'query' in ref ? await verify(slip, ref.query) : ref);
      } catch (err) {
        logError(err);
        await repo.finish(slip.id, { status: 'FAILED', note: 'UNKNOW_ERROR' }, ctx.now());
        return { status: 'FAILED', note: 'UNKNOW_ERROR', amount: 0n };
      }
    },
  };
}
export type SlipProcessor = ReturnType<typeof createSlipProcessor>;
