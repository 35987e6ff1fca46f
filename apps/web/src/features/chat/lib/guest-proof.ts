// The guest proof (docs/decisions/010): a guest's history and send answers carry it, and a member's
// calls hand it back so the guest conversation joins theirs. It lives in session storage only: a
// guest id left in local storage on a shared device does not bring a stranger's chat along.
const KEY = 'krapao.chatGuestProof';

export function keepGuestProof(answer: { guestProof?: string }): void {
  if (!answer.guestProof) return;
  try {
    sessionStorage.setItem(KEY, answer.guestProof);
  } catch {
    // Private mode or a full quota: the conversation simply does not follow a sign-in.
  }
}

export function storedGuestProof(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
