import { useTranslation } from 'react-i18next';
import { CopyIcon } from './icons';
import { toast } from './toast';

export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

type CopyButtonProps = { text: string; label?: string; testId?: string; className?: string };

/** Copies to the clipboard and toasts 'Copied: {text}' or 'Failed to copy'. */
export function CopyButton({ text, label, testId, className = '' }: CopyButtonProps) {
  const { t } = useTranslation();
  const onClick = async () => {
    if (await copyText(text)) toast.success(t('copy.copied', { text }));
    else toast.danger(t('copy.failed'));
  };
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid={testId}
      aria-label={label ?? t('copy.action')}
      className={`inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs text-gold-300 hover:bg-gold-500/10 ${className}`}
    >
      <CopyIcon size={16} />
      {label ? <span>{label}</span> : null}
    </button>
  );
}
