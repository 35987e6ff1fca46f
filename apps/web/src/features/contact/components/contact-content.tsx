import { APP_VERSION } from '@krapao/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChatIcon } from '../../../components/ui/icons';
import { Card } from '../../../components/ui/page';
import { localizedLookupQuery } from '../../../lib/lookup-queries';

/** Contact text, app version, LINE QR, link and name (docs/product.md §2.4). */
export function ContactContent() {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(localizedLookupQuery('contact', i18n.language));

  return (
    <Card className="flex flex-col items-center gap-4 text-center">
      {data?.contactText ? (
        <p data-testid="contact-text" className="text-sm whitespace-pre-line text-white/85">
          {data.contactText}
        </p>
      ) : null}
      {data?.lineQR ? (
        <img
          src={data.lineQR}
          alt={t('contact.qrAlt')}
          data-testid="contact-line-qr"
          className="h-48 w-48 rounded-xl bg-white p-2"
        />
      ) : null}
      {data?.lineName ? (
        <p className="text-sm text-white/70">
          {t('contact.lineName')}:{' '}
          <span data-testid="contact-line-name" className="font-semibold text-gold-200">
            {data.lineName}
          </span>
        </p>
      ) : null}
      {data?.lineLink ? (
        <a
          href={data.lineLink}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="contact-line-link"
          className="inline-flex items-center gap-2 rounded-xl bg-[#06c755] px-5 py-2.5 text-sm font-semibold text-white hover:brightness-110"
        >
          <ChatIcon size={18} />
          {t('contact.addLine')}
        </a>
      ) : null}
      <p data-testid="contact-version" className="text-xs text-white/40">
        {t('contact.version', { version: APP_VERSION })}
      </p>
    </Card>
  );
}
