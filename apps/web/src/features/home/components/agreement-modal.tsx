import { AGREEMENT_MODAL_DELAY_MS } from '@krapao/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SafeHtml } from '../../../components/ui/safe-html';
import { lookupQuery } from '../../../lib/lookup-queries';
import { hasAcceptedAgreement, setAgreementAccepted } from '../../../lib/storage';

/**
 * The terms (spec §2): open by themselves AGREEMENT_MODAL_DELAY_MS after home mounts while the
 * agreement flag is missing; closing them records the flag (spec §3).
 */
export function AgreementModal() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data } = useQuery({ ...lookupQuery('agreements'), enabled: open });

  useEffect(() => {
    if (hasAcceptedAgreement()) return;
    const timer = setTimeout(() => setOpen(true), AGREEMENT_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const close = () => {
    setAgreementAccepted();
    setOpen(false);
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('agreement.title')}
      testId="agreement-modal"
      size="lg"
      footer={
        <Button block onClick={close} data-testid="agreement-accept">
          {t('agreement.accept')}
        </Button>
      }
    >
      <p className="mb-3 text-sm text-white/70">{t('agreement.intro')}</p>
      <div className="flex flex-col gap-3">
        {(data ?? []).map((html, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is static per fetch.
          <div key={index} data-testid="agreement-item" className="rounded-xl bg-ink-800/70 p-3 text-sm text-white/85">
            <SafeHtml html={html} />
          </div>
        ))}
      </div>
    </Modal>
  );
}
