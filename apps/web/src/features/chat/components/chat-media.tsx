import type { TMediaPayload } from '@krapao/contracts/chat';
import { useTranslation } from 'react-i18next';
import { DocumentIcon } from '../../../components/ui/icons';
import { useChatFileUrl } from '../hooks/use-chat-file-url';
import { useDecodedImage } from '../hooks/use-decoded-image';

/** A media message: an image inline, a playable video, or a file link, by fileType. */
export function ChatMedia({ payload, guestId }: { payload: TMediaPayload; guestId?: string }) {
  const { t } = useTranslation('chat');
  const src = useChatFileUrl(payload.url || payload.filePath, guestId);
  const picture = useDecodedImage(payload.fileType === 'image' ? src : null);
  const caption = payload.message ? <p className="mt-1 whitespace-pre-wrap break-words">{payload.message}</p> : null;

  if (payload.fileType === 'image') {
    return (
      <div>
        {picture ? (
          <img
            src={picture}
            alt={t('imageAlt')}
            data-testid="chat-media-image"
            className="max-h-60 w-auto max-w-full rounded-lg bg-black/20 object-contain"
          />
        ) : (
          <div data-testid="chat-media-loading" className="h-32 w-44 animate-pulse rounded-lg bg-white/10" />
        )}
        {caption}
      </div>
    );
  }
  if (payload.fileType === 'video') {
    return (
      <div>
        {src ? (
          // biome-ignore lint/a11y/useMediaCaption: customers' own clips have no captions
          <video
            src={src}
            controls
            playsInline
            preload="metadata"
            data-testid="chat-media-video"
            className="max-h-60 max-w-full rounded-lg"
          />
        ) : (
          <div data-testid="chat-media-loading" className="h-32 w-44 animate-pulse rounded-lg bg-white/10" />
        )}
        {caption}
      </div>
    );
  }
  return (
    <div>
      {src ? (
        <a
          href={src}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="chat-media-file"
          className="inline-flex items-center gap-2 underline"
        >
          <DocumentIcon size={18} />
          {t('openFile')}
        </a>
      ) : (
        <span data-testid="chat-media-file">{t('openFile')}</span>
      )}
      {caption}
    </div>
  );
}
