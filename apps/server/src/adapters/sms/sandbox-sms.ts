import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { smsMessages } from '../../db/schema/sms.ts';
import type { SmsAdapter } from './sms.port.ts';

export type SandboxSmsOptions = { failRate?: number; random?: () => number };

/**
 * The sandbox SMS gateway: keeps every message in a dev inbox (GET /dev/sms) instead of sending it.
 * Like a real gateway it can fail: `failRate` of sends throw, so callers' error paths are real.
 */
export function createSandboxSms(
  db: Db,
  opts: SandboxSmsOptions = {},
): SmsAdapter & { inbox(phone: string): Promise<SandboxSms[]> } {
  const random = opts.random ?? Math.random;
  return {
    async send({ phone, text, code }) {
      if (opts.failRate && random() < opts.failRate) throw new Error('sandbox SMS gateway unavailable');
      await db.insert(smsMessages).values({ phone, text, code: code ?? null });
    },
    async inbox(phone) {
      const rows = await db
        .select()
        .from(smsMessages)
        .where(eq(smsMessages.phone, phone))
        .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
        .limit(50);
      return rows.map((r) => ({ phone: r.phone, text: r.text, code: r.code, createdAt: r.createdAt.toISOString() }));
    },
  };
}

export type SandboxSms = { phone: string; text: string; code: string | null; createdAt: string };
