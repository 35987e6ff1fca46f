import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { AuditFilters } from '../api/get-audit';

type Draft = Record<keyof AuditFilters, string>;

const toDraft = (filters: AuditFilters): Draft => ({
  memberId: filters.memberId?.toString() ?? '',
  staffId: filters.staffId?.toString() ?? '',
  objectType: filters.objectType ?? '',
  objectId: filters.objectId ?? '',
});

const positive = (text: string) => {
  const value = Number(text.trim());
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

/** The filters as the wire takes them; empty or malformed fields are left out. */
export function filtersOf(draft: Draft): AuditFilters {
  return {
    memberId: positive(draft.memberId),
    staffId: positive(draft.staffId),
    objectType: draft.objectType.trim() || undefined,
    objectId: draft.objectId.trim() || undefined,
  };
}

/** Member, staff member and object filters; they combine. */
export function AuditFiltersForm({ value, onApply }: { value: AuditFilters; onApply: (next: AuditFilters) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => toDraft(value));
  const field = (name: keyof Draft) => ({
    name,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(filtersOf(draft));
  };
  const clear = () => {
    setDraft(toDraft({}));
    onApply({});
  };
  return (
    <form
      onSubmit={submit}
      className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-3 lg:grid-cols-5"
    >
      <TextField label={t('audit.memberId')} inputMode="numeric" {...field('memberId')} />
      <TextField label={t('audit.staffId')} inputMode="numeric" {...field('staffId')} />
      <TextField label={t('audit.objectType')} {...field('objectType')} />
      <TextField label={t('audit.objectId')} {...field('objectId')} />
      <div className="col-span-2 flex items-end gap-2 lg:col-span-1">
        <Button type="submit">{t('audit.apply')}</Button>
        <Button variant="ghost" onClick={clear}>
          {t('audit.clear')}
        </Button>
      </div>
    </form>
  );
}
