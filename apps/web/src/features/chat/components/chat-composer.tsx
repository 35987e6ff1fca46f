import { CHAT_MESSAGE_MAX_LENGTH } from '@krapao/contracts/constants';
import { type KeyboardEvent, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** What the file picker offers; the attachment rule (contracts/chat.ts) is checked again on whatever is picked. */
const ACCEPT = 'image/png,image/jpeg,image/gif,video/mp4,video/quicktime,.png,.jpg,.jpeg,.gif,.mp4,.mov';

type Props = { onSendText: (text: string) => boolean; onFile: (file: File) => void };

export function ChatComposer({ onSendText, onFile }: Props) {
  const { t } = useTranslation('chat');
  const form = useForm({ defaultValues: { text: '' } });
  const fileInput = useRef<HTMLInputElement>(null);
  const canSend = form.watch('text').trim().length > 0;

  // The sender decides what is sent (blank text is not); the box empties once it took the text.
  const submit = form.handleSubmit(({ text }) => {
    if (onSendText(text)) form.reset();
  });
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form onSubmit={submit} className="flex items-end gap-2 border-t border-white/10 bg-ink-900 p-2">
      <button
        type="button"
        data-testid="chat-attach"
        aria-label={t('attach')}
        onClick={() => fileInput.current?.click()}
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-gold-300 hover:bg-white/5"
      >
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="M21 11.5l-8.6 8.6a5 5 0 01-7.1-7.1l8.6-8.6a3.5 3.5 0 015 5l-8.6 8.6a2 2 0 01-2.8-2.8l7.9-7.9" />
        </svg>
      </button>
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="chat-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
      <textarea
        {...form.register('text')}
        onKeyDown={onKeyDown}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        rows={1}
        placeholder={t('placeholder')}
        aria-label={t('placeholder')}
        data-testid="chat-input"
        className="max-h-28 min-h-10 flex-1 resize-none rounded-2xl border border-white/10 bg-ink-800 px-3 py-2 text-sm text-white placeholder:text-white/35 focus:border-gold-400/60 focus:outline-none"
      />
      <button
        type="submit"
        disabled={!canSend}
        data-testid="chat-send"
        aria-label={t('send')}
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-b from-gold-300 to-gold-500 text-ink-950 disabled:opacity-40"
      >
        <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <path d="M3 20.5l18-8.5L3 3.5l2.5 7.2L15 12l-9.5 1.3z" />
        </svg>
      </button>
    </form>
  );
}
