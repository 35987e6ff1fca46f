// Seeded bonuses of each type and one promotion code (every number is a setting).
// Idempotent: an operator's change to a row survives a restart. One currency per build: BAHT, or
// LAK for the Laos build (same codes, kip figures; LAK minor units are whole kip).
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bonuses, promotions } from '../../db/schema/promotions.ts';

const banner = (file: string, th: string, en: string) => ({
  image: `/banners/${file}`,
  html: `<p><strong>${th}</strong></p><p>${en}</p>`,
});

/** Seeded figures in major units (baht or kip). */
function figures(laos: boolean) {
  const k = laos ? 600 : 1; // roughly kip per baht, rounded figures
  return {
    welcome: { maxBonus: 500 * k, minDeposit: 100 * k },
    daily: { maxBonus: 300 * k, minDeposit: 100 * k },
    weekly: { maxBonus: 1000 * k, minDeposit: 300 * k },
    promotion: 100 * k,
  };
}

export async function seedBonuses(db: Db, config: Pick<Config, 'LAOS'>) {
  const currency = config.LAOS ? 'LAK' : 'BAHT';
  const minor = (major: number) => BigInt(major * (config.LAOS ? 1 : 100));
  const f = figures(config.LAOS);
  await db
    .insert(bonuses)
    .values([
      {
        code: 'WELCOME',
        name: 'โบนัสต้อนรับ 100% · Welcome bonus 100%',
        type: 'limit',
        maxReceived: 1,
        percent: 100,
        maxBonus: minor(f.welcome.maxBonus),
        minDeposit: minor(f.welcome.minDeposit),
        turnover: 3,
        percentFail: 10,
        currency,
        sortOrder: 1,
        banners: [
          banner(
            'bonus-welcome.svg',
            `ฝากครั้งแรกรับโบนัส 100% สูงสุด ${f.welcome.maxBonus.toLocaleString('en-US')}`,
            `First deposit bonus 100%, up to ${f.welcome.maxBonus.toLocaleString('en-US')}.`,
          ),
          banner(
            'bonus-welcome-rules.svg',
            'ทำยอดรวมให้ถึง 3 เท่าของเครดิตเริ่มต้นเพื่อถอนได้',
            'Reach 3× the starting credit to withdraw.',
          ),
        ],
      },
      {
        code: 'DAILY',
        name: 'โบนัสรายวัน 10% · Daily bonus 10%',
        type: 'day',
        maxReceived: 1,
        percent: 10,
        maxBonus: minor(f.daily.maxBonus),
        minDeposit: minor(f.daily.minDeposit),
        turnover: 2,
        percentFail: 10,
        currency,
        sortOrder: 2,
        banners: [
          banner(
            'bonus-daily.svg',
            `ฝากวันนี้รับเพิ่ม 10% สูงสุด ${f.daily.maxBonus.toLocaleString('en-US')} วันละครั้ง`,
            `Deposit today and get 10% more, up to ${f.daily.maxBonus.toLocaleString('en-US')}, once a day.`,
          ),
        ],
      },
      {
        code: 'WEEKLY',
        name: 'โบนัสรายสัปดาห์ 20% · Weekly bonus 20%',
        type: 'week',
        maxReceived: 2,
        percent: 20,
        maxBonus: minor(f.weekly.maxBonus),
        minDeposit: minor(f.weekly.minDeposit),
        turnover: 3,
        percentFail: 10,
        currency,
        sortOrder: 3,
        banners: [
          banner('bonus-weekly.svg', 'รับโบนัส 20% ได้ 2 ครั้งต่อสัปดาห์', '20% bonus, twice a week (from Monday).'),
          banner(
            'bonus-weekly-rules.svg',
            `โบนัสสูงสุด ${f.weekly.maxBonus.toLocaleString('en-US')} ต่อครั้ง`,
            `Up to ${f.weekly.maxBonus.toLocaleString('en-US')} each time.`,
          ),
        ],
      },
    ])
    .onConflictDoNothing();
  await db
    .insert(promotions)
    .values({
      code: 'KRAPAO100',
      description: `รับเครดิตฟรี ${f.promotion.toLocaleString('en-US')} · Free credit ${f.promotion.toLocaleString('en-US')}`,
      amount: minor(f.promotion),
      turnover: 2,
      percentFail: 20,
      maxUses: 1000,
      currency,
    })
    .onConflictDoNothing();
}
