import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** Copies `text` to the clipboard and says so in its own label for a moment. */
export function CopyButton({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const onClick = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), 2000);
  };
  return (
    <Button variant="secondary" small onClick={() => void onClick()} data-testid={testId}>
      {t(`copy.${state}`)}
    </Button>
  );
}
