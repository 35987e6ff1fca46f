import { GAME_CATEGORIES } from '@krapao/contracts/games';
import type { TSlot } from '@krapao/contracts/wallet';
import { useTranslation } from 'react-i18next';
import { GameCarousel } from './game-carousel';

type GameCarouselsProps = { slots: TSlot[]; onOpen: (slot: TSlot) => void };

/** Slot, sport plus casino, and lotto (docs/product.md §2.5); a category with no game shows nothing. */
export function GameCarousels({ slots, onOpen }: GameCarouselsProps) {
  const { t } = useTranslation('wallet');
  const firstCategory = GAME_CATEGORIES.find((category) => slots.some((slot) => slot.category === category));
  return (
    <div className="flex flex-col gap-5">
      {GAME_CATEGORIES.map((category) => {
        const inCategory = slots.filter((slot) => slot.category === category);
        if (inCategory.length === 0) return null;
        return (
          <GameCarousel
            key={category}
            title={t(`category.${category}`)}
            testId={`carousel-${category}`}
            slots={inCategory}
            onOpen={onOpen}
            first={category === firstCategory}
          />
        );
      })}
    </div>
  );
}
