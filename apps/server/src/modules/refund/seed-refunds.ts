// Idempotent seed of cashback: the rules, the banner, and for the demo member one closed period of
// game losses. The losses are played the way a member plays: a game account opened, money moved
// in, a losing bet at the demo provider, the result booked as a GAME_RESULT through the ledger
// (dated inside the last closed period so the demo can receive it at once).
import type { Currency } from '@krapao/contracts/constants';
import { createGameProviders } from '../../adapters/games/game-providers.ts';
import { createPaymentAdapters } from '../../adapters/payments.ts';
import { createSandboxSms } from '../../adapters/sms/sandbox-sms.ts';
import { createFileStorage } from '../../adapters/storage/file-storage.ts';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { DEMO_MEMBER } from '../../db/seed-data.ts';
import { createRateLimiter } from '../../lib/rate-limiter.ts';
import { siteTimeZone } from '../../lib/site-time.ts';
import { createMemberRepository } from '../account/index.ts';
import { createGamesService } from '../games/index.ts';
import { createLedger, HOUSE } from '../ledger/index.ts';
import { createSettingsRepository } from '../lookup/index.ts';
import { createTransferService } from '../wallet/index.ts';
import { lastClosedPeriod } from './refund-period.ts';
import { DEFAULT_REFUND_RULES, type RefundRules } from './refund-rules.ts';

export const DEMO_CASHBACK_GAME = 'PG';

export const SEED_REFUND_RULES: RefundRules = {
  ...DEFAULT_REFUND_RULES,
  info:
    '<p>รับคืนยอดเสีย <strong>5%</strong> ของยอดเสียสุทธิจากการเล่นเกมของเมื่อวาน (ตัดรอบเที่ยงคืน เวลาไทย)</p>' +
    '<ul><li>ยอดคืนขั้นต่ำ 1 บาท รับได้วันละครั้ง ภายในวันถัดไป</li>' +
    '<li>กด "รับ" เพื่อเก็บยอดคืน แล้วกด "เข้ากระเป๋า" เพื่อโอนเข้ากระเป๋าหลักตามเงื่อนไขโบนัส</li>' +
    '<li>ไม่สามารถรับยอดคืนได้ระหว่างติดเงื่อนไขโบนัส</li></ul>' +
    '<p lang="en">Cashback: <strong>5%</strong> of yesterday\'s net game losses (Thai time), at least 1 baht, ' +
    'once a day on the next day. Receive it, then add it to your wallet under the bonus condition; ' +
    'not while a bonus condition is active.</p>',
};

export const SEED_REFUND_BANNERS = [
  {
    image: '/banners/refund-1.svg',
    html: '<h3>คืนยอดเสียทุกวัน 5%</h3><p>เล่นเสียเมื่อวาน วันนี้กดรับคืน แล้วโอนเข้ากระเป๋าได้ทันที (ตามเงื่อนไขโบนัส)</p>',
  },
];

export async function seedRefunds(db: Db, config: Config, demo: boolean) {
  const settings = createSettingsRepository(db);
  await settings.setDefault('refundRules', SEED_REFUND_RULES);
  await settings.setDefault('refundBanners', SEED_REFUND_BANNERS);
  if (demo && config.GAME_PROVIDER === 'sandbox') await seedDemoLosses(db, config);
}

/** The demo member loses at the demo provider in the last closed period (skipped once the game is open). */
async function seedDemoLosses(db: Db, config: Config) {
  await loseInLastPeriod(db, config, DEMO_MEMBER.username);
}

/** The demo's losses for any member (POST /dev/refund/losses gives a browser test's member them). */
export async function loseInLastPeriod(db: Db, config: Config, username: string) {
  const member = await createMemberRepository(db).byUsername(username);
  if (!member) return;
  const ledger = createLedger({ db });
  if (await ledger.memberAccount(member.id, DEMO_CASHBACK_GAME)) return;
  const currency = member.currency as Currency;
  // 120 baht (in satang) or 120,000 kip lost of 200 baht or 200,000 kip moved in.
  const lossMinor = currency === 'LAK' ? 120_000n : 12_000n;
  const now = () => new Date();
  const gameProviders = createGameProviders({ config, db, now });
  const ctx: AppContext = {
    config,
    db,
    now,
    sms: createSandboxSms(db),
    limiter: createRateLimiter(db, now),
    gameProviders,
    payments: createPaymentAdapters({ config, db, now }),
    files: createFileStorage(config, db, now),
  };
  try {
    const opened = await createGamesService(ctx).activate(member.id, DEMO_CASHBACK_GAME);
    const moved = currency === 'LAK' ? 200_000 : 200;
    await createTransferService(ctx).transfer(member.id, 'WALLET', DEMO_CASHBACK_GAME, moved, 'seed-demo-cashback');
    const books = gameProviders.sandbox!.books;
    const player = await books.signIn(DEMO_CASHBACK_GAME, opened.username, opened.password);
    const bet = await books.settleBet(player!.id, lossMinor, 0n, 'seed');
    if (!bet) return;
    const account = await ledger.memberAccount(member.id, DEMO_CASHBACK_GAME);
    const loss = account!.balance - bet.balance;
    if (loss <= 0n) return;
    const rules = (await createSettingsRepository(db).get('refundRules')) ?? SEED_REFUND_RULES;
    const period = lastClosedPeriod(now(), siteTimeZone(config.LAOS), rules.period === 'week' ? 'week' : 'day');
    const playedAt = new Date(period.start.getTime() + 12 * 3_600_000);
    await db.transaction(async (tx) => {
      const results = await ledger.houseAccountId(HOUSE.GAME_RESULTS, currency, member.id, tx);
      // The booking game-results.ts makes on a refresh, dated when the demo played.
      const t = await ledger.open(
        tx,
        {
          memberId: member.id,
          type: 'GAME_RESULT',
          status: 'SUCCESS',
          statementType: null,
          fromCode: DEMO_CASHBACK_GAME,
          toCode: HOUSE.GAME_RESULTS,
          amount: loss,
          currency,
          metadata: { gameCode: DEMO_CASHBACK_GAME, providerBalance: bet.balance.toString(), seed: true },
        },
        playedAt,
      );
      await ledger.post(tx, t.id, [
        { accountId: account!.id, amount: -loss },
        { accountId: results, amount: loss },
      ]);
    });
  } finally {
    await gameProviders.close();
  }
}
