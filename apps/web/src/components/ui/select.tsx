import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { Field, INPUT_CLASS } from './field';

export type SelectOption = { value: string; label: string };

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  options: SelectOption[];
  /** Shown as an empty first option. */
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  testId?: string;
  ref?: Ref<HTMLSelectElement>;
};

export function Select({
  label,
  options,
  placeholder,
  error,
  hint,
  testId,
  id,
  className = '',
  ...props
}: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <Field id={selectId} label={label} error={error} hint={hint}>
      <select
        id={selectId}
        data-testid={testId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : hint ? `${selectId}-hint` : undefined}
        className={`${INPUT_CLASS} appearance-none ${className}`}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
