import { CHAT_ALERT_DURATION_MS } from '@krapao/contracts/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

/** One chat alert at a time, shown for CHAT_ALERT_DURATION_MS (4 s). */
export function useChatAlert() {
  const [alert, setAlert] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((text: string) => {
    clearTimeout(timer.current);
    setAlert(text);
    timer.current = setTimeout(() => setAlert(null), CHAT_ALERT_DURATION_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { alert, showAlert: show };
}
