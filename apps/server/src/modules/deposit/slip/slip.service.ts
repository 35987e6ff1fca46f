// Slip upload and the member's slip list (docs/product.md §3.3, §2.9): who may upload when, what is answered, and
// the short-lived links that show a member their own slip images.
import type { Currency } from '@krapao/contracts/constants';
import type { TSlipUploadResponse } from '@krapao/contracts/deposit';
import { fromMinor } from '@krapao/contracts/money';
import type { TSlip, TSlipListResponse, TSlipReferenceResponse } from '@krapao/contracts/statement';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { sourceOf } from '../../../lib/client-source.ts';
import { newToken } from '../../../lib/tokens.ts';
import { createMemberRepository } from '../../account/index.ts';
import { createLookupService } from '../../lookup/index.ts';
import { assertDepositAllowed } from '../deposit-rules.ts';
import { createSlipRepository, type SlipRow } from './slip.repository.ts';
import { readSlipImage, reencodeSlip, slipMimeOf, storeSlipImage } from './slip-file.ts';
import { createSlipLinks } from './slip-link.ts';
import { createSlipProcessor, slipLeaseMs } from './slip-process.ts';

const amountOf = (row: SlipRow) => fromMinor(row.amount, row.currency as Currency);

function uploadResponse(row: SlipRow): TSlipUploadResponse {
  const message = row.status === 'SUCCESS' ? 'SUCCESS' : (row.note ?? 'PENDING');
  return { message, status: row.status, note: row.note, amount: amountOf(row), reference: row.reference };
}

function toSlip(row: SlipRow): TSlip {
  return {
    createdAt: row.createdAt.toISOString(),
    amount: amountOf(row),
    status: row.status,
    note: row.note,
    link: row.link,
    reference: row.reference,
  };
}

export function createSlipService(ctx: AppContext) {
  const repo = createSlipRepository(ctx.db);
  const members = createMemberRepository(ctx.db);
  const lookup = createLookupService(ctx);
  const processor = createSlipProcessor(ctx);
  const links = createSlipLinks(ctx.config.APP_SECRET, ctx.now);
  const { limiter, config } = ctx;

  return {
    /** Before a byte of the file is read: attempts per member and per IP, the daily window, house rules. */
    async assertMayUpload(memberId: number, ip: string) {
      // Every attempt counts first, so a parallel burst cannot slip under the limit.
      const perMember = await limiter.hit(`slip:member:${memberId}`, 1);
      if (config.SLIP_MAX_PER_MINUTE > 0 && perMember > config.SLIP_MAX_PER_MINUTE) {
        throw new AppError('REQUEST_LIMIT_1MIN');
      }
      const perIp = await limiter.hit(`slip:ip:${sourceOf(ip)}`, 1);
      if (config.SLIP_IP_MAX_PER_MINUTE > 0 && perIp > config.SLIP_IP_MAX_PER_MINUTE) {
        throw new AppError('REQUEST_LIMIT_1MIN');
      }
      if ((await lookup.slip()).isClosed) throw new AppError('SLIP_UPLOAD_FAIL', { reason: 'closed' });
      await assertDepositAllowed(ctx, memberId);
    },

    /** Re-encodes and stores the image, records the slip, and takes it as far as it goes now. */
    async upload(memberId: number, file: Buffer, logError: (err: unknown) => void): Promise<TSlipUploadResponse> {
      const image = await reencodeSlip(file);
      const member = await members.byId(memberId);
      if (!member) throw new AppError('NO_USER');
      const filePath = await storeSlipImage(ctx.files, image);
      const now = ctx.now();
      const slip = await repo.insert({
        memberId,
        reference: newToken(12),
        currency: member.currency,
        filePath,
        now,
        leaseUntil: new Date(now.getTime() + slipLeaseMs(ctx)),
      });
      await processor.process(slip, logError);
      return uploadResponse((await repo.byId(slip.id)) ?? slip);
    },

    async list(memberId: number, page: number, limit: number): Promise<TSlipListResponse> {
      const { total, rows } = await repo.page(memberId, page, limit);
      return { total, slips: rows.map(toSlip) };
    },

    /** The member's own slip only: anyone else's reference is NO_DATA, as if it did not exist. */
    async referenceUrl(memberId: number, reference: string): Promise<TSlipReferenceResponse> {
      const slip = await repo.ofMember(memberId, reference);
      if (slip?.filePath) return { url: links.urlOf(slip.reference) };
      if (slip?.link) return { url: slip.link };
      throw new AppError('NO_DATA');
    },

    /** The stored image behind a signed link; null when the link is not valid. */
    async image(reference: string, exp?: string, sig?: string): Promise<{ data: Buffer; mime: string } | null> {
      if (!links.isValid(reference, exp, sig)) return null;
      const slip = await repo.byReference(reference);
      const data = slip?.filePath ? await readSlipImage(ctx.files, slip.filePath) : null;
      if (!slip?.filePath || !data) throw new AppError('NO_DATA');
      return { data, mime: slipMimeOf(slip.filePath) };
    },
  };
}
export type SlipService = ReturnType<typeof createSlipService>;
