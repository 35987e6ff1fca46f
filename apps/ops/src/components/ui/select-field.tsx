import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { Field, INPUT_CLASS } from './field';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
};

export function SelectField({ label, options, error, id, className = '', ...props }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <Field id={selectId} label={label} error={error}>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        className={`${INPUT_CLASS} ${className}`}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
