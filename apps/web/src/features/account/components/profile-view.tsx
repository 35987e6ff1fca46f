import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../../components/ui/icons';
import { Card } from '../../../components/ui/page';
import { TextField } from '../../../components/ui/text-field';
import { formatAccountNo, formatDate } from '../../../lib/format';
import { useProfile } from '../api/get-profile';
import { ChangePasswordModal } from './change-password-modal';

function Row({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="flex items-start justify-between gap-4 border-b border-white/5 py-2.5 last:border-0">
      <dt className="text-sm text-white/55">{label}</dt>
      <dd data-testid={testId} className="text-right text-sm font-medium break-all text-white">
        {value}
      </dd>
    </div>
  );
}

/** Profile (docs/product.md §2.7): member data, bank account, and the lock that opens change-password. */
export function ProfileView() {
  const { t } = useTranslation();
  const { data } = useProfile();
  const [changing, setChanging] = useState(false);
  const profile = data?.profile;
  const bank = data?.bankAccount;

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <div className="mb-3 flex items-center justify-between">
          <h2 className="text-sm font-semibold text-gold-200">{t('profile:member')}</h2>
          <button
            type="button"
            onClick={() => setChanging(true)}
            aria-label={t('profile:changePassword')}
            title={t('profile:changePassword')}
            data-testid="change-password-open"
            className="rounded-full border border-gold-500/40 p-2 text-gold-300 hover:bg-gold-500/10"
          >
            <LockIcon size={18} />
          </button>
        </div>
        <dl>
          <Row label={t('profile:name')} value={profile?.name ?? ''} testId="profile-name" />
          <Row label={t('profile:id')} value={profile?._id ?? ''} testId="profile-id" />
          <Row label={t('profile:createdAt')} value={formatDate(profile?.createdAt)} testId="profile-created" />
        </dl>
        <div className="mt-3">
          <TextField label={t('profile:username')} value={profile?.username ?? ''} readOnly testId="profile-username" />
        </div>
      </Card>
      <Card>
        <h2 className="mb-3 text-sm font-semibold text-gold-200">{t('profile:bankAccount')}</h2>
        <dl>
          <Row label={t('profile:bankHolder')} value={bank?.bankAccountName ?? ''} testId="profile-bank-holder" />
          <Row label={t('profile:bankName')} value={bank?.bank.nameTH ?? ''} testId="profile-bank-name" />
          <Row
            label={t('profile:accountNo')}
            value={formatAccountNo(bank?.bankAccountNo)}
            testId="profile-account-no"
          />
        </dl>
      </Card>
      <ChangePasswordModal open={changing} onClose={() => setChanging(false)} />
    </div>
  );
}
