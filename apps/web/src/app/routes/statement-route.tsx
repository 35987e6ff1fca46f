// /user/statement (docs/product.md §2.9): title, the slip-status button and the movements list.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { SlipStatusModal } from '../../features/statement/components/slip-status-modal';
import { StatementList } from '../../features/statement/components/statement-list';

export function StatementRoute() {
  const { t } = useTranslation('statement');
  const [slipOpen, setSlipOpen] = useState(false);
  return (
    <Page
      title={t('title')}
      testId="statement-page"
      actions={
        <Button
          variant="secondary"
          onClick={() => setSlipOpen(true)}
          data-testid="statement-slip-open"
          className="px-3 py-1.5"
        >
          {t('slip.open')}
        </Button>
      }
    >
      <StatementList />
      <SlipStatusModal open={slipOpen} onClose={() => setSlipOpen(false)} />
    </Page>
  );
}
