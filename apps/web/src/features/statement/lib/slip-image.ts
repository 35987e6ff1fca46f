// Opening a slip image in a new tab: the slip's own link when it has one,
// otherwise the url the reference call returns.
import { env } from '../../../lib/env';

/** http(s) or a path on the API; anything else (javascript:, data:) is never opened. */
export function slipImageUrl(url: string | null | undefined): string | null {
  const value = (url ?? '').trim();
  if (value.startsWith('/') && !value.startsWith('//')) return `${env.apiBase}${value}`;
  return /^https?:\/\//i.test(value) ? value : null;
}

/**
 * The tab opens synchronously in the click (popup blockers allow it), loses its opener, and is
 * sent to the url once the call answers; it closes again when the call fails.
 */
export async function openSlipImage(fetchUrl: () => Promise<{ url: string }>): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const url = slipImageUrl((await fetchUrl()).url);
    if (!url) throw new Error('unsafe slip image url');
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
  } catch {
    tab?.close();
  }
}
