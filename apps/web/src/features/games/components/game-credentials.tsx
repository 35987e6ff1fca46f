import type { TGameAccount } from '@krapao/contracts/wallet';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button';
import { Spinner } from '../../../components/ui/loader';

function Credential({ label, value, field }: { label: string; value: string; field: 'username' | 'password' }) {
  const { t } = useTranslation('wallet');
  return (
    <div className="flex items-center justify-between gap-3 border-b border-white/5 py-2 last:border-0">
      <div className="flex min-w-0 flex-col">
        <span className="text-xs text-white/55">{label}</span>
        <span data-testid={`game-${field}`} className="font-mono text-sm break-all text-white">
          {value}
        </span>
      </div>
      <CopyButton text={value} label={t('game.copy')} testId={`game-copy-${field}`} />
    </div>
  );
}

/** The game username and password, each with copy (and its toast). */
export function GameCredentials({ account }: { account: TGameAccount | undefined }) {
  const { t } = useTranslation('wallet');
  return (
    <div className="rounded-xl bg-ink-800/70 px-3 py-1" aria-busy={!account}>
      {account ? (
        <>
          <Credential label={t('game.username')} value={account.username} field="username" />
          <Credential label={t('game.password')} value={account.password} field="password" />
        </>
      ) : (
        <div className="flex justify-center py-4">
          <Spinner className="h-6 w-6" />
        </div>
      )}
    </div>
  );
}
