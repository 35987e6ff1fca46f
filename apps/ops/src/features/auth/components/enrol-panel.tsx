import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { useEnrolInfo } from '../api/enrol';
import { EnrolForm } from './enrol-form';
import { SecretGroups } from './secret-groups';
import { TotpQr } from './totp-qr';

/** What a one-time enrolment link opens: who it is for, the authenticator secret, then the form. */
export function EnrolPanel({ token, onSignedIn }: { token: string; onSignedIn: () => void }) {
  const { t } = useTranslation();
  const info = useEnrolInfo(token);
  if (info.isPending) return <Loading />;
  if (info.isError) return <Alert>{errorText(t, info.error)}</Alert>;
  const { displayName, username, secret, otpauthUri } = info.data;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-slate-700">
        {t('enrol.welcome', { name: displayName })} <span className="text-slate-500">({username})</span>
      </p>
      <section className="flex flex-col gap-3">
        <h2 className="text-sm font-semibold text-slate-900">{t('enrol.step1')}</h2>
        <div className="flex justify-center">
          <TotpQr uri={otpauthUri} label={t('enrol.qrLabel')} />
        </div>
        <p className="text-xs text-slate-600">{t('enrol.typeInstead')}</p>
        <SecretGroups secret={secret} />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-sm font-semibold text-slate-900">{t('enrol.step2')}</h2>
        <EnrolForm token={token} onSignedIn={onSignedIn} />
      </section>
    </div>
  );
}
