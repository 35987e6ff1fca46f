import type { TChatMessage } from '@krapao/contracts/chat';

/** What a message says, as one line of text: its text, caption, card titles or tapped choice. */
export function messageText(message: TChatMessage['message']): string {
  switch (message.message_type) {
    case 'text':
    case 'buttons':
    case 'quick_replies':
      return message.payload.text;
    case 'media':
      return message.payload.message || message.payload.fileType;
    case 'generic':
      return message.payload.elements.map((card) => card.title).join(' · ');
    case 'postback':
      return message.payload.title;
    default:
      return '—';
  }
}

/** The choices a message offers the customer (quick replies and button titles). */
export function messageChoices(message: TChatMessage['message']): string[] {
  if (message.message_type === 'quick_replies') return message.payload.quick_replies.map((q) => q.title);
  if (message.message_type === 'buttons') return message.payload.buttons.map((b) => b.title);
  return [];
}
