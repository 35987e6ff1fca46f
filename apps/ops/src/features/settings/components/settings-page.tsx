import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { useSettingsPage } from '../api/settings-page';
import { AccountsSection } from './accounts-section';
import { LimitsSection } from './limits-section';
import { SwitchesSection } from './switches-section';
import { WalletsSection } from './wallets-section';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  const page = useSettingsPage();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold text-slate-900">{t('title')}</h1>
      {page.isPending ? <Loading /> : null}
      {page.isError ? <Alert>{errorText(t, page.error)}</Alert> : null}
      {page.data ? (
        <>
          <SwitchesSection page={page.data} />
          <AccountsSection page={page.data} />
          <WalletsSection page={page.data} />
          <LimitsSection page={page.data} />
        </>
      ) : null}
    </div>
  );
}
