import type { MemberLiveKind, TMemberLiveEvent } from '@krapao/contracts/live';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast, type ToastTone } from '../../../components/ui/toast';
import { formatNumber } from '../../../lib/format';
import { isShownInApp, publishMemberLive, publishMemberResync } from '../../../lib/member-live';
import { getLiveCursor, getToken, setLiveCursor } from '../../../lib/storage';
import { connectLiveSocket } from '../lib/live-socket';

const TONES: Record<MemberLiveKind, ToastTone> = {
  deposit: 'success',
  'slip-refused': 'danger',
  'transfer-done': 'success',
  'transfer-failed': 'danger',
  'withdraw-paid': 'success',
  'withdraw-refused': 'danger',
};

/**
 * The signed-in member's live money events (contracts/live.ts): while mounted, the socket is open;
 * each event goes to the screens that show money (lib/member-live.ts) and shows a toast, unless the
 * app shows that outcome already (the answer of the member's own request, an open QR's paid state).
 * After a gap in the connection the gap's events (those the server still keeps) come first, then the
 * screens read their figures again.
 */
export function MemberLive() {
  const { t } = useTranslation('wallet');
  const translate = useRef(t);
  translate.current = t;

  useEffect(
    () =>
      connectLiveSocket({
        token: getToken,
        onEvent: (event: TMemberLiveEvent) => {
          publishMemberLive(event);
          void isShownInApp(event).then((isShown) => {
            if (isShown) return;
            const text = translate.current(`live.${event.kind}`, { amount: formatNumber(event.amount) });
            showToast(text, TONES[event.kind]);
          });
        },
        onResync: publishMemberResync,
        kept: { load: getLiveCursor, save: setLiveCursor },
      }),
    [],
  );
  return null;
}
