import { useMemo } from 'react';
import { sanitizeHtml } from '../../lib/sanitize';

type SafeHtmlProps = { html: string; className?: string; testId?: string };

/** Renders server HTML only after DOMPurify has cleaned it. */
export function SafeHtml({ html, className = '', testId }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify above.
  return <div data-testid={testId} className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
