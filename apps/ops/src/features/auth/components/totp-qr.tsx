import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The otpauth:// URI as a QR code: an SVG data URL (the console's CSP allows data: images, no inline markup). */
export function TotpQr({ uri, label }: { uri: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then(
      (svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      },
      () => {
        if (live) setSrc(null);
      },
    );
    return () => {
      live = false;
    };
  }, [uri]);
  if (!src) return <div className="size-48 rounded-md bg-slate-100" aria-hidden />;
  return <img src={src} alt={label} width={192} height={192} className="size-48 rounded-md bg-white" />;
}
