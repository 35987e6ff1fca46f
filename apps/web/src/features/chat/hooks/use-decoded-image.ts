import { useEffect, useState } from 'react';

/**
 * The picture's address once the browser has decoded it (or failed to): shown before, an image has
 * no height, and its load would grow the message list after the list chose to stay at the bottom.
 * While the address changes (this page's own pending file becomes the server's copy, fetched then
 * decoded) the message keeps the picture it already shows: swapping it for the shorter placeholder
 * would shrink the list under the reader and move their scroll position.
 */
export function useDecodedImage(src: string | null): string | null {
  const [decoded, setDecoded] = useState<string | null>(null);
  useEffect(() => {
    if (!src) return;
    let live = true;
    const image = new Image();
    image.src = src;
    const show = () => {
      if (live) setDecoded(src);
    };
    // A picture the browser cannot decode still shows (its broken-image box) rather than loading forever.
    if (typeof image.decode === 'function') image.decode().then(show, show);
    else show();
    return () => {
      live = false;
    };
  }, [src]);
  return decoded;
}
