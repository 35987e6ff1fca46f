import type { THowtoTutorial } from '@krapao/contracts/lookup';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlayIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { localizedLookupQuery } from '../../../lib/lookup-queries';
import { shippedTutorials } from '../lib/tutorials';

/**
 * The tutorials (docs/product.md §2.4), as the site's `howto` lookup lists them; each plays in a
 * modal. The shipped ones show in the same cards until the lookup answers, so nothing moves.
 */
export function HowtoList() {
  const { t, i18n } = useTranslation();
  const query = useQuery(localizedLookupQuery('howto', i18n.language));
  const tutorials = query.data && query.data.length > 0 ? query.data : shippedTutorials(t);
  const [playing, setPlaying] = useState<THowtoTutorial | null>(null);

  return (
    <>
      <ul className="grid grid-cols-1 gap-3">
        {tutorials.map((tutorial, index) => (
          <li key={tutorial.id}>
            <button
              type="button"
              onClick={() => setPlaying(tutorial)}
              data-testid={`howto-item-${tutorial.id}`}
              className="flex w-full items-center gap-3 rounded-2xl border border-gold-700/25 bg-ink-900/80 p-3 text-left transition hover:border-gold-400/60"
            >
              <span className="relative h-16 w-28 shrink-0 overflow-hidden rounded-xl bg-ink-800">
                <img src={tutorial.poster} alt="" loading="lazy" className="h-full w-full object-cover" />
                <span className="absolute inset-0 flex items-center justify-center bg-black/30 text-gold-300">
                  <PlayIcon size={28} />
                </span>
              </span>
              <span className="flex flex-col">
                <span className="text-xs text-gold-400">{t('howto.episode', { number: index + 1 })}</span>
                <span className="text-sm font-semibold text-white">{tutorial.title}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Modal
        open={playing !== null}
        onClose={() => setPlaying(null)}
        title={playing?.title ?? ''}
        testId="howto-video"
        size="lg"
      >
        {playing ? (
          // biome-ignore lint/a11y/useMediaCaption: the tutorials are screen recordings without speech.
          <video
            key={playing.id}
            src={playing.video}
            poster={playing.poster}
            controls
            autoPlay
            playsInline
            className="w-full rounded-xl bg-black"
          />
        ) : null}
      </Modal>
    </>
  );
}
