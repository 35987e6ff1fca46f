// Dates as staff read them, in the console's language.
const LOCALE_TAGS: Record<string, string> = { th: 'th-TH', en: 'en-GB' };

export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '–';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE_TAGS[language] ?? language, {
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(date);
}

/** The time of day only ("16:29"), for messages of one conversation. */
export function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE_TAGS[language] ?? language, { timeStyle: 'short' }).format(date);
}

/** An amount in major units as the queues show it: "1,500 THB". */
export const money = (amount: number, currency: string) => `${amount.toLocaleString('en-US')} ${currency}`;
