import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/app-link';
import { Modal } from '../../../components/ui/modal';
import { SafeHtml } from '../../../components/ui/safe-html';
import { localizedLookupQuery } from '../../../lib/lookup-queries';

type ConditionsModalProps = { open: boolean; onClose: () => void };

/** The conditions of the site: sanitised HTML strings of GET /api/lookup/conditions. */
export function ConditionsModal({ open, onClose }: ConditionsModalProps) {
  const { t, i18n } = useTranslation();
  const { data, isSuccess } = useQuery({ ...localizedLookupQuery('conditions', i18n.language), enabled: open });

  return (
    <Modal open={open} onClose={onClose} title={t('conditions.title')} testId="conditions-modal" size="lg">
      <ol className="flex flex-col gap-3">
        {(data ?? []).map((html, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is static per fetch.
          <li key={index} data-testid="condition-item" className="rounded-xl bg-ink-800/70 p-3 text-sm text-white/85">
            <SafeHtml html={html} />
          </li>
        ))}
      </ol>
      {isSuccess && data.length === 0 ? <p className="text-sm text-white/60">{t('conditions.empty')}</p> : null}
      <AppLink
        to="/user/protection"
        onClick={onClose}
        data-testid="conditions-protection"
        className="mt-4 block text-center text-sm font-semibold text-gold-300 underline underline-offset-4"
      >
        {t('menu.protection')}
      </AppLink>
    </Modal>
  );
}
