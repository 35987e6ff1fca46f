/**
 * Where the support chat widget mounts (spec §2, §4). The widget itself is a later piece of work:
 * it will render only when GET /api/lookup/enableChatWidget says so. Until then this renders nothing.
 */
export function ChatWidgetSlot() {
  return null;
}
