// Sending (docs/product.md §5): trimmed text up to 2000 characters, tapped postbacks, and image or video
// attachments checked before upload. Each outgoing message shows uploading_file → sending →
// succeed, or failed; a failed one can be sent again (same Idempotency-Key) or removed.
import {
  attachmentKind,
  attachmentProblem,
  type TCustomerMessageBody,
  type TSendMessageRequest,
  type TSendMessageResponse,
  UPLOAD_REFUSALS,
} from '@krapao/contracts/chat';
import { CHAT_MESSAGE_MAX_LENGTH } from '@krapao/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { type RefObject, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../lib/api-error';
import { isLocale } from '../../../lib/i18n';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { randomId } from '../../../lib/storage';
import { sendMessage } from '../api/send-message';
import { uploadFile } from '../api/upload-file';
import type { ChatItem } from '../lib/chat-items';
import type { ChatAction, ChatState } from '../lib/chat-state';
import type { ChatIdentity } from './use-chat-identity';

type Options = {
  identity: ChatIdentity;
  dispatch: (action: ChatAction) => void;
  itemsRef: RefObject<ChatState>;
  showAlert: (text: string) => void;
};

/** What goes on the wire for a local message, or null while its file is not uploaded yet. */
function outgoing(item: ChatItem): TCustomerMessageBody | null {
  const { body } = item;
  if (body.message_type === 'text' || body.message_type === 'postback') return body;
  if (body.message_type === 'media' && item.upload?.path) {
    return { message_type: 'media', payload: { fileType: item.upload.kind, filePath: item.upload.path } };
  }
  return null;
}

export function useChatSender({ identity, dispatch, itemsRef, showAlert }: Options) {
  const { t, i18n } = useTranslation('chat');
  const send = useMutation({
    mutationFn: ({ body, key }: { body: TSendMessageRequest; key: string }): Promise<TSendMessageResponse> =>
      sendMessage(body, key),
  });

  const failWith = useCallback(
    (key: string, err: unknown) => {
      dispatch({ type: 'patch', key, patch: { status: 'failed' } });
      const body = err instanceof ApiError ? (err.body as { reason?: string; maxMb?: number } | null) : null;
      if (body?.reason === UPLOAD_REFUSALS.tooLarge) showAlert(t('fileTooLarge', { n: body.maxMb }));
      else if (body?.reason === UPLOAD_REFUSALS.notSupported) showAlert(t('fileNotSupported'));
      else showAlert(`${t('sendFailed')}: ${errorText(t, err)}`);
    },
    [dispatch, showAlert, t],
  );

  const deliver = useCallback(
    async (item: ChatItem) => {
      const message = outgoing(item);
      if (!message) return;
      dispatch({ type: 'patch', key: item.key, patch: { status: 'sending' } });
      const locale = isLocale(i18n.language) ? i18n.language : undefined;
      try {
        const sent = await send.mutateAsync({
          body: { ...identity.who, locale, message },
          key: item.idempotencyKey ?? '',
        });
        dispatch({ type: 'sent', key: item.key, sent });
      } catch (err) {
        failWith(item.key, err);
      }
    },
    [dispatch, failWith, i18n.language, identity.who, send],
  );

  const upload = useCallback(
    async (item: ChatItem) => {
      const pending = item.upload!;
      dispatch({ type: 'patch', key: item.key, patch: { status: 'uploading_file', progress: 0 } });
      try {
        const { path } = await uploadFile(pending.kind, pending.file, {
          guestId: identity.guestId,
          onProgress: (progress) => dispatch({ type: 'patch', key: item.key, patch: { progress } }),
        });
        const uploaded = { ...item, upload: { ...pending, path } };
        dispatch({ type: 'patch', key: item.key, patch: { upload: uploaded.upload, progress: 1 } });
        await deliver(uploaded);
      } catch (err) {
        failWith(item.key, err);
      }
    },
    [deliver, dispatch, failWith, identity.guestId],
  );

  const queue = (body: ChatItem['body'], extra: Partial<ChatItem> = {}): ChatItem => {
    const item: ChatItem = {
      key: `local-${randomId()}`,
      serverId: null,
      sender: 'customer',
      body,
      createdAt: null,
      sessionId: null,
      name: null,
      status: 'sending',
      idempotencyKey: newIdempotencyKey(),
      ...extra,
    };
    dispatch({ type: 'local', item });
    return item;
  };

  return {
    /** Trimmed; nothing is sent when empty; never more than 2000 characters. */
    sendText(raw: string): boolean {
      const text = raw.trim();
      if (!text) return false;
      if (text.length > CHAT_MESSAGE_MAX_LENGTH) {
        showAlert(t('tooLong', { n: CHAT_MESSAGE_MAX_LENGTH }));
        return false;
      }
      void deliver(queue({ message_type: 'text', payload: { text } }));
      return true;
    },
    sendPostback(title: string, payload: string) {
      void deliver(queue({ message_type: 'postback', payload: { title, payload } }));
    },
    sendFile(file: File) {
      const problem = attachmentProblem(file);
      const kind = attachmentKind(file);
      if (problem || !kind) {
        showAlert(problem?.problem === 'tooLarge' ? t('fileTooLarge', { n: problem.maxMb }) : t('fileNotSupported'));
        return;
      }
      const localUrl = URL.createObjectURL(file);
      const body = {
        message_type: 'media',
        payload: { message: '', url: localUrl, fileType: kind, filePath: '' },
      } as const;
      void upload(queue(body, { status: 'uploading_file', progress: 0, upload: { file, kind, localUrl } }));
    },
    resend(key: string) {
      const item = itemsRef.current?.items.find((i) => i.key === key);
      if (item?.status !== 'failed') return;
      if (item.upload && !item.upload.path) void upload(item);
      else void deliver(item);
    },
    remove(key: string) {
      const item = itemsRef.current?.items.find((i) => i.key === key);
      if (item?.upload) URL.revokeObjectURL(item.upload.localUrl);
      dispatch({ type: 'remove', key });
    },
  };
}
