// Slip images: read the mini-QR of an uploaded slip, and draw a slip the way a Thai bank app does
// (the sandbox bank and the tests hand these out). The mini-QR is the Thai slip-verification
// payload (sending bank id + transaction reference) the verifier looks the transfer up by.
import jsQR from 'jsqr';
import { generate } from 'promptparse';
import QRCode from 'qrcode';
import sharp, { type Sharp } from 'sharp';

/** Images above this many pixels are refused before decoding (a decompression bomb). */
export const SLIP_MAX_PIXELS = 40_000_000;
/** The longest side the QR search works on: more only costs time. */
const SEARCH_MAX_SIDE = 1600;
/** Below this a slip cannot hold a readable mini-QR. */
export const SLIP_MIN_SIDE = 64;

type Raw = { data: Uint8ClampedArray; width: number; height: number };

async function raw(image: Sharp): Promise<Raw> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

function find(r: Raw): string | null {
  const code = jsQR(r.data, r.width, r.height, { inversionAttempts: 'attemptBoth' });
  return code?.data ? code.data : null;
}

/**
 * Finds a QR code in an (already byte-checked) image and returns its text, or null. Tries the whole
 * image, then its quarters and corners scaled up (a mini-QR is small on a big slip).
 */
export async function readSlipQr(buffer: Buffer): Promise<string | null> {
  const base = sharp(buffer, { limitInputPixels: SLIP_MAX_PIXELS, failOn: 'error' }).rotate();
  const meta = await base.metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width < 1 || height < 1) return null;
  const scale = Math.min(1, SEARCH_MAX_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const normalized = await base.resize(w, h, { fit: 'fill' }).flatten({ background: '#ffffff' }).png().toBuffer();
  const whole = find(await raw(sharp(normalized)));
  if (whole) return whole;
  // Crops: the four halves' corners where apps put the mini-QR, each scaled to a workable size.
  const cw = Math.max(1, Math.round(w / 2));
  const ch = Math.max(1, Math.round(h / 2));
  const crops = [
    { left: w - cw, top: h - ch },
    { left: 0, top: h - ch },
    { left: w - cw, top: 0 },
    { left: 0, top: 0 },
    { left: Math.round(w / 4), top: Math.round(h / 4) },
  ];
  for (const crop of crops) {
    for (const target of [600, 1000]) {
      const part = sharp(normalized)
        .extract({
          left: crop.left,
          top: crop.top,
          width: Math.min(cw, w - crop.left),
          height: Math.min(ch, h - crop.top),
        })
        .resize(target, target, { fit: 'inside', kernel: 'nearest' });
      const found = find(await raw(part));
      if (found) return found;
    }
  }
  return null;
}

export type SlipDrawing = {
  /** The 3-digit sending bank id of the mini-QR (e.g. '004' KBANK). */
  sendingBank: string;
  transRef: string;
  fromBankCode: string;
  fromAccountNo: string;
  toBankCode: string;
  toAccountNo: string;
  /** Decimal baht. */
  amount: number;
  occurredAt: Date;
};

/** The mini-QR text of a slip: what banks print for slip verification. */
export function slipQrPayload(sendingBank: string, transRef: string): string {
  return generate.slipVerify({ sendingBank, transRef });
}

/** Account numbers on slips show only the last digits (xxx-x-x1234-x style). */
export function maskAccount(accountNo: string): string {
  const digits = accountNo.replace(/\D/g, '');
  const tail = digits.slice(-4);
  return `xxx-x-x${tail.slice(0, 3)}${tail.length > 3 ? `-${tail.slice(3)}` : ''}`;
}

function esc(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function qrPath(payload: string, x: number, y: number, size: number): string {
  const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  let d = '';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.get(r, c)) {
        d += `M${(x + (c + quiet) * cell).toFixed(2)} ${(y + (r + quiet) * cell).toFixed(2)}h${cell.toFixed(2)}v${cell.toFixed(2)}h-${cell.toFixed(2)}z`;
      }
    }
  }
  return `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="#fff"/><path d="${d}" fill="#000"/>`;
}

const WIDTH = 720;
const HEIGHT = 1100;

/** A slip PNG (about 720×1100) of a bank transfer, with its mini-QR in the lower right corner. */
export async function renderSlipPng(slip: SlipDrawing): Promise<Buffer> {
  const amount = slip.amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  // Thai bank apps print Bangkok time (UTC+7, no daylight saving).
  const when = new Date(slip.occurredAt.getTime() + 7 * 3_600_000).toISOString().replace('T', ' ').slice(0, 16);
  const font = 'font-family="DejaVu Sans, Arial, sans-serif"';
  const line = (y: number, label: string, value: string, size = 26) =>
    `<text x="60" y="${y}" ${font} font-size="20" fill="#6b7280">${esc(label)}</text>` +
    `<text x="60" y="${y + 14 + size}" ${font} font-size="${size}" fill="#111827" font-weight="bold">${esc(value)}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="#f3f4f6"/>
<rect x="30" y="30" width="${WIDTH - 60}" height="${HEIGHT - 60}" rx="24" fill="#ffffff"/>
<rect x="30" y="30" width="${WIDTH - 60}" height="120" rx="24" fill="#0f766e"/>
<text x="60" y="105" ${font} font-size="38" fill="#ffffff" font-weight="bold">${esc(slip.fromBankCode)} Transfer</text>
<text x="60" y="200" ${font} font-size="30" fill="#059669" font-weight="bold">Transfer successful</text>
<text x="60" y="240" ${font} font-size="22" fill="#6b7280">${esc(when)} (GMT+7)</text>
${line(300, 'From', `${slip.fromBankCode} ${maskAccount(slip.fromAccountNo)}`)}
${line(400, 'To', `${slip.toBankCode} ${maskAccount(slip.toAccountNo)}`)}
${line(500, 'Reference', slip.transRef, 22)}
<line x1="60" y1="590" x2="${WIDTH - 60}" y2="590" stroke="#e5e7eb" stroke-width="2"/>
${line(640, 'Amount (THB)', amount, 56)}
<text x="60" y="900" ${font} font-size="18" fill="#9ca3af">Scan to verify this slip</text>
${qrPath(slipQrPayload(slip.sendingBank, slip.transRef), WIDTH - 290, HEIGHT - 290, 220)}
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
