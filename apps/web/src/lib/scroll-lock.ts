// Page scroll stays locked while any modal is open (docs/product.md §2.1) and comes back when the last closes.
let openCount = 0;
let savedOverflow = '';

export function lockScroll(): () => void {
  if (openCount === 0) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  openCount += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    openCount -= 1;
    if (openCount === 0) document.body.style.overflow = savedOverflow;
  };
}
