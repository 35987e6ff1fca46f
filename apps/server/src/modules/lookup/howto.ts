// The how-to videos of the member's /howto page (the `howto` setting): five tutorials, each with a
// title per language, a video and a poster. The seed is what the SPA ships under public/howto; an
// operator may change titles and addresses from the console's content page.
import type { Locale } from '@krapao/contracts/constants';
import type { THowtoTutorial } from '@krapao/contracts/lookup';
import type { TLocalizedText } from '@krapao/contracts/ops/content';
import type { AppContext } from '../../context.ts';
import { textIn } from './localized-text.ts';
import { createSettingsRepository, type SettingsRepository } from './settings.repository.ts';

export type StoredHowto = { id: string; title: TLocalizedText; video: string; poster: string }[];

const shipped = (id: string, th: string, la: string, en: string) => ({
  id,
  title: { th, la, en },
  video: `/howto/${id}.mp4`,
  poster: `/howto/${id}.jpg`,
});

/** The SPA's own files and titles: what members saw before the setting existed. */
export const SEED_HOWTO: StoredHowto = [
  shipped('wallet', 'การใช้งานกระเป๋าเงิน', 'ການໃຊ້ງານກະເປົາເງິນ', 'Using the wallet'),
  shipped('enter-game', 'การเข้าเล่นเกม', 'ການເຂົ້າຫຼິ້ນເກມ', 'Entering a game'),
  shipped('balance-check', 'การตรวจสอบยอดเงิน', 'ການກວດສອບຍອດເງິນ', 'Checking your balance'),
  shipped('receive-bonus', 'การรับโบนัส', 'ການຮັບໂບນັດ', 'Receiving bonuses'),
  shipped('end-bonus', 'การจบโบนัส', 'ການສິ້ນສຸດໂບນັດ', 'Ending a bonus'),
];

/** Seeds the videos only where no value is set, so an operator's change survives a restart. */
export async function seedHowto(settings: SettingsRepository) {
  await settings.setDefault('howto', SEED_HOWTO);
}

/** The stored list, or the seed where none is stored. */
export async function storedHowto(settings: SettingsRepository): Promise<StoredHowto> {
  return (await settings.get('howto')) ?? SEED_HOWTO;
}

export function createHowtoService(ctx: AppContext) {
  const settings = createSettingsRepository(ctx.db);
  return {
    /** The videos with each title in `locale`, Thai where that language has none. */
    async forMember(locale: Locale): Promise<THowtoTutorial[]> {
      return (await storedHowto(settings)).map((t) => ({
        id: t.id,
        title: textIn(t.title, locale),
        video: t.video,
        poster: t.poster,
      }));
    },
  };
}
