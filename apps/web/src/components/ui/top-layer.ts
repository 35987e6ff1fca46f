// Toasts and the loader stay above open modal dialogs, which live in the browser's top layer: each
// is a manual popover, shown again after each render (new content) so that it goes to the top of
// that layer, above any dialog opened since.
import { type RefObject, useLayoutEffect } from 'react';

export function useTopLayer(ref: RefObject<HTMLElement | null>, isShown: boolean): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof element.showPopover !== 'function') return;
    if (element.matches(':popover-open')) element.hidePopover();
    if (isShown) element.showPopover();
  });
}
