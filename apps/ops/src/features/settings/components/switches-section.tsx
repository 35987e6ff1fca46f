import { SITE_SWITCHES, type SiteSwitch, type TSettingsPage } from '@krapao/contracts/ops/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LastChange } from '../../../components/last-change';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ChangeDialog } from './change-dialog';

/** The site open or closed, registration OTP and the chat widget: each flipped with a reason. */
export function SwitchesSection({ page }: { page: TSettingsPage }) {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState<SiteSwitch | null>(null);
  const closing = open === 'active' && page.active;
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold text-slate-900">{t('switches.title')}</h2>
      <ul className="flex flex-col divide-y divide-slate-100">
        {SITE_SWITCHES.map((key) => (
          <li key={key} className="flex items-center justify-between gap-4 py-3" data-testid={`switch-${key}`}>
            <div className="flex flex-col gap-1">
              <span className="font-medium text-slate-900">{t(`switches.${key}.label`)}</span>
              <span className="text-sm text-slate-700">{t(`switches.${key}.${page[key] ? 'on' : 'off'}`)}</span>
              <LastChange ns="settings" change={page.lastChanges[key]} />
            </div>
            <Button
              variant={key === 'active' && page.active ? 'danger' : 'secondary'}
              small
              onClick={() => setOpen(key)}
            >
              {t(page[key] ? `switches.${key}.turnOff` : `switches.${key}.turnOn`)}
            </Button>
          </li>
        ))}
      </ul>
      {open ? (
        <ChangeDialog
          title={t(page[open] ? `switches.${open}.turnOff` : `switches.${open}.turnOn`)}
          change={{ key: open, value: !page[open] }}
          danger={closing}
          onClose={() => setOpen(null)}
        >
          {closing ? <Alert>{t('switches.active.closeWarning')}</Alert> : null}
        </ChangeDialog>
      ) : null}
    </section>
  );
}
