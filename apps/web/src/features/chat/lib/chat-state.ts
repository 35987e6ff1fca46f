// The widget's conversation state as a reducer: history pages, arrivals, this page's sends.
import type { TSendMessageResponse } from '@krapao/contracts/chat';
import { type ChatItem, markSent, mergeItems, serverCount } from './chat-items';

export type ChatState = {
  items: ChatItem[];
  /** The first page has arrived. */
  isLoaded: boolean;
  hasMore: boolean;
  isLoadingOlder: boolean;
};

export type ChatAction =
  | { type: 'page'; items: ChatItem[]; total: number; limit: number }
  | { type: 'loadingOlder'; value: boolean }
  | { type: 'arrived'; item: ChatItem }
  | { type: 'local'; item: ChatItem }
  | { type: 'patch'; key: string; patch: Partial<ChatItem> }
  | { type: 'sent'; key: string; sent: TSendMessageResponse }
  | { type: 'remove'; key: string }
  | { type: 'reset' };

export const initialChatState: ChatState = { items: [], isLoaded: false, hasMore: false, isLoadingOlder: false };

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'page': {
      const items = mergeItems(state.items, action.items);
      const hasMore = action.items.length >= action.limit && serverCount(items) < action.total;
      return { ...state, items, isLoaded: true, hasMore, isLoadingOlder: false };
    }
    case 'loadingOlder':
      return { ...state, isLoadingOlder: action.value };
    case 'arrived':
      return { ...state, items: mergeItems(state.items, [action.item]) };
    case 'local':
      return { ...state, items: [...state.items, action.item] };
    case 'patch':
      return {
        ...state,
        items: state.items.map((i) => (i.key === action.key ? { ...i, ...action.patch } : i)),
      };
    case 'sent':
      return { ...state, items: markSent(state.items, action.key, action.sent) };
    case 'remove':
      return { ...state, items: state.items.filter((i) => i.key !== action.key) };
    case 'reset':
      return initialChatState;
  }
}
