import { accountPaths, type TAgreementState } from '@krapao/contracts/account';
import { AGREEMENT_MODAL_DELAY_MS } from '@krapao/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SafeHtml } from '../../../components/ui/safe-html';
import { apiClient } from '../../../lib/api-client';
import { localizedLookupQuery } from '../../../lib/lookup-queries';
import { hasAcceptedAgreement, setAgreementAccepted } from '../../../lib/storage';

/** PUT /api/account/agreement: closing the terms records the acceptance (decision 053); fire and forget. */
function recordAcceptance(): void {
  apiClient.put(accountPaths.agreement, {}, { loader: false }).catch(() => {});
}

/**
 * The terms (docs/product.md §2.5): open by themselves AGREEMENT_MODAL_DELAY_MS after home mounts while the
 * agreement flag is missing and the server does not know of an acceptance (another device, or a
 * cleared browser); closing them records the flag and the acceptance on the server.
 */
export function AgreementModal({ homeMountedAt = Date.now() }: { homeMountedAt?: number }) {
  const { t, i18n } = useTranslation();
  const [needed] = useState(() => !hasAcceptedAgreement());
  const [due, setDue] = useState(false);
  const [closed, setClosed] = useState(false);
  const server = useQuery({
    queryKey: ['account', 'agreement'],
    queryFn: ({ signal }) => apiClient.get<TAgreementState>(accountPaths.agreement, { signal, loader: false }),
    enabled: needed,
  });
  const acceptedOnServer = server.data?.accepted === true;
  // A failed check counts as not accepted: the terms show as before.
  const open = needed && due && !closed && !server.isPending && !acceptedOnServer;
  const { data } = useQuery({ ...localizedLookupQuery('agreements', i18n.language), enabled: open });

  useEffect(() => {
    if (!needed) return;
    // Counted from home's mount, not this one's: home loads this modal's code lazily.
    const timer = setTimeout(() => setDue(true), Math.max(0, homeMountedAt + AGREEMENT_MODAL_DELAY_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [needed, homeMountedAt]);

  useEffect(() => {
    if (acceptedOnServer) setAgreementAccepted();
  }, [acceptedOnServer]);

  const close = () => {
    setAgreementAccepted();
    setClosed(true);
    recordAcceptance();
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
