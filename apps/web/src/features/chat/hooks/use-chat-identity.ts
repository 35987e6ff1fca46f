// Who the widget chats as (decision 010): a signed-in member by their profile _id (the token is what the
// server trusts), a visitor by the stored guest id. A member also names the guest id this browser
// chatted under before, with the proof this browser session kept, so that conversation joins theirs
// (docs/decisions/010).
import { GUEST_ID_PATTERN, type TChatIdentity, type TSocketAuth } from '@krapao/contracts/chat';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { getGuestId, getToken, STORAGE_KEYS } from '../../../lib/storage';
import { chatUserIdQuery } from '../api/get-chat-identity';
import { storedGuestProof } from '../lib/guest-proof';

export type ChatIdentity = {
  /** The body fields of history, send and read calls. */
  who: TChatIdentity;
  /** The id in the room name. */
  ownerId: string;
  auth: TSocketAuth;
  /** Sent with uploads and file reads when there is no token. */
  guestId?: string;
};

function storedGuestId(): string | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.guestId);
    return value && GUEST_ID_PATTERN.test(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function useChatIdentity(): ChatIdentity | null {
  const [token] = useState(getToken);
  const [guestId] = useState(() => (token ? storedGuestId() : getGuestId()));
  const [guestProof] = useState(() => (token ? storedGuestProof() : undefined));
  const user = useQuery({ ...chatUserIdQuery(token ?? ''), enabled: Boolean(token) });
  const userId = user.data;

  return useMemo(() => {
    if (!token) {
      if (!guestId) return null;
      return { who: { guestId }, ownerId: guestId, auth: { guestId }, guestId };
    }
    if (!userId) return null;
    const who: TChatIdentity = guestId ? { userId, guestId, ...(guestProof ? { guestProof } : {}) } : { userId };
    return { who, ownerId: userId, auth: { token } };
  }, [token, guestId, guestProof, userId]);
}
