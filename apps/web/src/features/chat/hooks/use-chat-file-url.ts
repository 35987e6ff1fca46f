import { isSafeChatUrl } from '@krapao/contracts/chat';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { chatFileQuery, isUploadPath } from '../api/get-chat-file';

/**
 * Where the browser may load a chat picture or video from: an uploaded file is fetched with the
 * conversation's credentials into a blob URL; this page's own pending file is already one; other
 * addresses only when they cannot run script. Null while loading or when refused.
 */
export function useChatFileUrl(url: string, guestId: string | undefined): string | null {
  const isUpload = isUploadPath(url);
  const file = useQuery({ ...chatFileQuery(url, guestId), enabled: isUpload });
  const [blobUrl, setBlobUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file.data) return;
    const objectUrl = URL.createObjectURL(file.data);
    setBlobUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file.data]);

  if (isUpload) return blobUrl;
  if (url.startsWith('blob:')) return url;
  return isSafeChatUrl(url) ? url : null;
}
