import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { lazyScreen } from '../../../lib/lazy-screen';
import { lookupQuery } from '../../../lib/lookup-queries';

// The widget, its socket client and its locale namespaces load only where the site turns the chat on.
const { Component: ChatWidget } = lazyScreen(
  'chat-widget',
  () => import('./chat-widget'),
  (m) => m.ChatWidget,
);

/** Where the support chat widget mounts (docs/product.md §6): only when GET /api/lookup/enableChatWidget says so. */
export function ChatWidgetSlot() {
  const { data } = useQuery(lookupQuery('enableChatWidget'));
  if (!data?.enableChatWidget) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}
