import { useEffect, useState } from 'react';

/**
 * The picture's address once the browser has decoded it (or failed to): shown before, an image has
 * no height, and its load would grow the message list after the list chose to stay at the bottom.
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
  return src && decoded === src ? src : null;
}
