import { describe, expect, it } from 'vitest';
import { qrImageSource } from './qr-image';

describe('QR image source', () => {
  it('wraps SVG markup in a data URL shown through <img>, where no script can run', () => {
    const src = qrImageSource('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(src.split(',')[1] ?? '')).toContain('<svg');
    expect(src).not.toContain('<');
  });

  it('keeps an image data URL', () => {
    expect(qrImageSource('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });
});
