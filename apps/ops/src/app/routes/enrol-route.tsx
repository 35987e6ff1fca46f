import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EnrolPanel } from '../../features/auth/components/enrol-panel';
import { PublicFrame } from './login-route';

export function EnrolRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  return (
    <PublicFrame title={t('enrol.title')}>
      <EnrolPanel token={token} onSignedIn={() => navigate('/', { replace: true })} />
    </PublicFrame>
  );
}
