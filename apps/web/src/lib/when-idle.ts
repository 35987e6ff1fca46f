// Apart from once-opened.tsx so the boot chunk, which only needs this, carries none of the modal code.

/** Run `task` when the browser is idle (after the page's first paint work), or soon where it cannot tell. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}
