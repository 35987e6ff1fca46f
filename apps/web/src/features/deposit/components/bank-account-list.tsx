import { BANK_NAME_COPY_DELAY_MS } from '@krapao/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../components/ui/copy-button';
import { toast } from '../../../components/ui/toast';
import { memberProfileQuery } from '../api/get-member-bank';
import { needsBankNameEdit } from '../lib/bank-name';
import type { DepositBank } from '../lib/deposit-channels';
import { BankAccountCard } from './bank-account-card';
import { BankNameModal } from './bank-name-modal';

type BankAccountListProps = { accounts: DepositBank[]; showCurrency: boolean };

/**
 * The house accounts with copy. A KTB / TMB / BBL member whose name on file is not in English is
 * asked for it first; once saved, the copy they asked for fires by itself (docs/product.md §2.7).
 */
export function BankAccountList({ accounts, showCurrency }: BankAccountListProps) {
  const { t } = useTranslation('deposit');
  const queryClient = useQueryClient();
  const profile = useQuery(memberProfileQuery());
  const [waiting, setWaiting] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (text: string) => {
    if (await copyText(text)) toast.success(t('common:copy.copied', { text }));
    else toast.danger(t('common:copy.failed'));
  };

  const onCopy = async (text: string) => {
    // Normally loaded with the modal, so the copy stays in the click's own turn.
    const loaded = profile.data ?? (await queryClient.fetchQuery(memberProfileQuery()).catch(() => null));
    if (needsBankNameEdit(loaded?.bankAccount)) setWaiting(text);
    else await copy(text);
  };

  const onSaved = () => {
    const text = waiting;
    setWaiting(null);
    toast.success(t('bankName.saved'));
    if (text === null) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void copy(text), BANK_NAME_COPY_DELAY_MS);
  };

  return (
    <>
      <ul className="flex flex-col gap-2">
        {accounts.map((bank) => (
          <BankAccountCard
            key={`${bank.bankCode}-${bank.bankAccountNo}`}
            bank={bank}
            showCurrency={showCurrency}
            onCopy={(text) => void onCopy(text)}
          />
        ))}
      </ul>
      <BankNameModal
        open={waiting !== null}
        bankCode={profile.data?.bankAccount?.bankCode ?? ''}
        onClose={() => setWaiting(null)}
        onSaved={onSaved}
      />
    </>
  );
}
