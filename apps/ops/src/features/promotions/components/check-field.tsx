import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; ref?: Ref<HTMLInputElement> };

/** A labelled on/off switch of a form. */
export function CheckField({ label, ...props }: Props) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input type="checkbox" className="size-4 accent-teal-700" {...props} />
      {label}
    </label>
  );
}
