// One icon per statement type, drawn like components/ui/icons; unknown types get a dot.

import type { ReactNode } from 'react';
import { Icon } from '../../../components/ui/icons';

const PATHS: Record<string, ReactNode> = {
  deposit: <path d="M12 4v12M7 11l5 5 5-5M5 20h14" />,
  withdraw: <path d="M12 20V8M7 13l5-5 5 5M5 4h14" />,
  transfer: <path d="M4 8h14l-3.5-3.5M20 16H6l3.5 3.5" />,
  bonus: (
    <>
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M5 12v8h14v-8M12 8v12M12 8c-1.5-3-5-3.5-5-1.5S10 8 12 8zM12 8c1.5-3 5-3.5 5-1.5S14 8 12 8z" />
    </>
  ),
  finish_bonus: (
    <>
      <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
    </>
  ),
};

const TONES: Record<string, string> = {
  deposit: 'bg-emerald-500/15 text-emerald-300',
  bonus: 'bg-gold-500/15 text-gold-300',
  finish_bonus: 'bg-sky-500/15 text-sky-300',
  withdraw: 'bg-rose-500/15 text-rose-300',
  transfer: 'bg-violet-500/15 text-violet-300',
};

export function StatementTypeIcon({ type }: { type: string }) {
  return (
    <span
      data-testid="statement-icon"
      data-icon={Object.hasOwn(PATHS, type) ? type : 'other'}
      className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${TONES[type] ?? 'bg-white/10 text-white/70'}`}
    >
      <Icon size={20}>{PATHS[type] ?? <circle cx="12" cy="12" r="3" />}</Icon>
    </span>
  );
}
