import type { ReactNode } from 'react';

export const INPUT_CLASS =
  'w-full rounded-xl border border-white/10 bg-ink-800 px-3.5 py-2.5 text-sm text-white placeholder:text-white/30 outline-none transition focus:border-gold-400 focus:ring-2 focus:ring-gold-400/20 read-only:opacity-70 aria-[invalid=true]:border-rose-400';

type FieldProps = { id: string; label: ReactNode; error?: string; hint?: ReactNode; children: ReactNode };

/** Label, control, then hint or error: shared by TextField and Select. */
export function Field({ id, label, error, hint, children }: FieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-white/80">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-rose-300">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-white/50">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
