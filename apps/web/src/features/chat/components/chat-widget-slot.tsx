import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { lookupQuery } from '../../../lib/lookup-queries';

// The widget and its socket client load only where the site turns the chat on.
const ChatWidget = lazy(() => import('./chat-widget').then((m) => ({ default: m.ChatWidget })));

/** Where the support chat widget mounts (spec §2, §4): only when GET /api/lookup/enableChatWidget says so. */
export function ChatWidgetSlot() {
  const { data } = useQuery(lookupQuery('enableChatWidget'));
  if (!data?.enableChatWidget) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}
