/**
 * The server's QR markup as an <img> source. An SVG shown through <img> cannot run scripts or reach
 * the page, so our own server's markup needs no further cleaning; a data: URL is used as it is.
 */
export function qrImageSource(markup: string): string {
  const value = markup.trim();
  if (value.startsWith('data:image/')) return value;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(value)}`;
}
