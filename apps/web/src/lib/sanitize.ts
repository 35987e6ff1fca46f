import DOMPurify from 'dompurify';

/** Every HTML string from the server goes through here before rendering. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
