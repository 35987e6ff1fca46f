import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BonusesSection } from './bonuses-section';
import { PromotionCodesSection } from './promotion-codes-section';
import { PromotionRulesSection } from './promotion-rules-section';

/** Bonuses, promotion codes, the invite and cashback settings; `children` follow (those screens' banners). */
export function PromotionsPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('promotions');
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-semibold text-slate-900">{t('title')}</h1>
      <BonusesSection />
      <PromotionCodesSection />
      <PromotionRulesSection />
      {children}
    </div>
  );
}
