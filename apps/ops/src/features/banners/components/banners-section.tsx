import { CAROUSELS } from '@krapao/contracts/ops/banners';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { useCarousels } from '../api/carousels';
import { CarouselForm } from './carousel-form';

/** The banners of the member's invite and cashback screens, one form per carousel. */
export function BannersSection() {
  const { t } = useTranslation('banners');
  const carousels = useCarousels();
  return (
    <section className="flex flex-col gap-3" aria-labelledby="carousels-title">
      <h2 id="carousels-title" className="text-lg font-semibold text-slate-900">
        {t('title')}
      </h2>
      {carousels.isPending ? <Loading /> : null}
      {carousels.error ? <Alert>{errorText(t, carousels.error)}</Alert> : null}
      {carousels.data ? (
        <div className="grid gap-3 lg:grid-cols-2">
          {CAROUSELS.map((key) => (
            <CarouselForm key={key} carousel={key} page={carousels.data} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
