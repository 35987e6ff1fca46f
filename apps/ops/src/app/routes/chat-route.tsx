import { ChatInbox } from '../../features/chat/components/chat-inbox';
import { RequirePermission } from '../session';

export function ChatRoute() {
  return (
    <RequirePermission permission="chat.reply">
      <ChatInbox />
    </RequirePermission>
  );
}
