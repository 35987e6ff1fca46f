import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/loader';
import { Modal } from '../../../components/ui/modal';
import { env } from '../../../lib/env';
import { lookupQuery } from '../../../lib/lookup-queries';
import { useMemberLive } from '../../../lib/member-live';
import { depositChannels, depositCurrency, showsCurrency } from '../lib/deposit-channels';
import { BankAccountList } from './bank-account-list';
import { BankNoticeForm } from './bank-notice-form';
import { DepositBlocked } from './deposit-blocked';
import { DepositRules } from './deposit-rules';
import { QrPanel } from './qr-panel';
import { SlipUploadSection } from './slip-upload-section';
import { TruemoneySection } from './truemoney-section';

type DepositModalProps = {
  open: boolean;
  /** changed: a deposit may have been made, so the wallet is reloaded. */
  onClose: (changed: boolean) => void;
  /**
   * Shown above the deposit methods (the app's offer to set a deposit limit, made only before a first
   * deposit); it never blocks them, and it goes once money arrives by any channel.
   */
  notice?: ReactNode;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-gold-200">{title}</h3>
      {children}
    </section>
  );
}

type DepositContentProps = { onChanged: () => void; onQrDone: () => void };

/** Mounted only while the modal is open, so each opening loads the lookup and every QR again. */
function DepositContent({ onChanged, onQrDone }: DepositContentProps) {
  const { t } = useTranslation('deposit');
  const lookup = useQuery(lookupQuery('deposit'));

  if (lookup.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  if (lookup.isError) {
    return (
      <div data-testid="deposit-load-failed" className="flex flex-col items-center gap-3 py-8 text-center">
        <p className="text-sm text-white/70">{t('loadFailed')}</p>
        <Button variant="secondary" onClick={() => void lookup.refetch()}>
          {t('reload')}
        </Button>
      </div>
    );
  }

  const { banks, wallets, isManual, minimumDeposit, blocked } = lookup.data;
  if (blocked) {
    // Nowhere to send money; a transfer made before can still be reported.
    return (
      <div className="flex flex-col gap-6">
        <DepositBlocked blocked={blocked} />
        <SlipUploadSection onDone={onChanged} />
        {isManual ? <BankNoticeForm minimumDeposit={minimumDeposit} onDone={onChanged} /> : null}
      </div>
    );
  }
  const { gateways, accounts } = depositChannels(banks);
  return (
    <div className="flex flex-col gap-6">
      {gateways.length === 0 && accounts.length === 0 && wallets.length === 0 ? (
        <p className="text-center text-sm text-white/60">{t('empty')}</p>
      ) : null}
      {gateways.length > 0 ? (
        <Section title={t('sections.qr')}>
          {gateways.map((code) => (
            <QrPanel key={code} bankCode={code} onDone={onQrDone} />
          ))}
        </Section>
      ) : null}
      {accounts.length > 0 ? (
        <Section title={t('sections.bankTransfer')}>
          <BankAccountList accounts={accounts} showCurrency={showsCurrency(accounts)} />
        </Section>
      ) : null}
      <TruemoneySection wallets={wallets} minimumDeposit={minimumDeposit} onDone={onChanged} />
      <SlipUploadSection onDone={onChanged} />
      {isManual ? <BankNoticeForm minimumDeposit={minimumDeposit} onDone={onChanged} /> : null}
      <DepositRules minimumDeposit={minimumDeposit} currency={depositCurrency(accounts, env.defaultCurrency)} />
    </div>
  );
}

/**
 * Deposit (docs/product.md §3.3): QR gateways, house bank accounts, TrueMoney, slip upload, the manual
 * transfer notice when the lookup says isManual, and the deposit rules. Transfer-done on a QR closes
 * it at once; the other methods stay open and the wallet reloads when it closes. While the lookup
 * says `blocked` (a break, a deposit limit used up) it shows why and until when instead of the
 * channels, keeping only the ways to report a transfer already made. The notice leaves at the first
 * live deposit event (a QR paid, a slip or transfer credited) and does not come back while the modal
 * stays mounted: the member has deposited now.
 */
export function DepositModal({ open, onClose, notice }: DepositModalProps) {
  const { t } = useTranslation('deposit');
  const changed = useRef(false);
  const [deposited, setDeposited] = useState(false);
  useMemberLive((event) => {
    if (event.kind === 'deposit') setDeposited(true);
  });
  useEffect(() => {
    if (open) changed.current = false;
  }, [open]);

  return (
    <Modal open={open} onClose={() => onClose(changed.current)} title={t('title')} testId="deposit-modal">
      {deposited ? null : notice}
      <DepositContent
        onChanged={() => {
          changed.current = true;
        }}
        onQrDone={() => onClose(true)}
      />
    </Modal>
  );
}
