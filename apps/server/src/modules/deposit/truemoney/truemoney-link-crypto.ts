// The gift link as the SPA sends it (decision 041): CryptoJS.AES.encrypt(link, passphrase), i.e. the
// OpenSSL "Salted__" format — base64("Salted__" + 8-byte salt + AES-256-CBC ciphertext), key and IV
// from EVP_BytesToKey (MD5, one round). Decrypted with node:crypto; the result is untrusted input.
import { createDecipheriv, createHash } from 'node:crypto';

const MAGIC = Buffer.from('Salted__', 'latin1');
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const VOUCHER = /^[A-Za-z0-9]{10,64}$/;

/** OpenSSL's EVP_BytesToKey with MD5 and one iteration: 32 bytes of key, then 16 of IV. */
function bytesToKey(passphrase: Buffer, salt: Buffer): { key: Buffer; iv: Buffer } {
  const blocks: Buffer[] = [];
  let previous = Buffer.alloc(0);
  while (blocks.length * 16 < 48) {
    previous = createHash('md5')
      .update(Buffer.concat([previous, passphrase, salt]))
      .digest();
    blocks.push(previous);
  }
  const all = Buffer.concat(blocks);
  return { key: all.subarray(0, 32), iv: all.subarray(32, 48) };
}

/** The plain text of a CryptoJS AES passphrase ciphertext, or null when it does not decrypt. */
export function decryptTruemoneyLink(ciphertext: string, passphrase: string): string | null {
  const text = ciphertext.trim();
  if (!BASE64.test(text) || text.length % 4 !== 0) return null;
  const raw = Buffer.from(text, 'base64');
  if (raw.length < 32 || (raw.length - 16) % 16 !== 0 || !raw.subarray(0, 8).equals(MAGIC)) return null;
  const { key, iv } = bytesToKey(Buffer.from(passphrase, 'utf8'), raw.subarray(8, 16));
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, iv);
    const plain = Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]);
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return null;
  }
}

/** The voucher hash of a TrueMoney gift link (https://gift.truemoney.com/campaign/?v=…), or null. */
export function voucherOfGiftLink(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.hostname !== 'gift.truemoney.com') return null;
  if (url.username || url.password || url.port) return null;
  if (url.pathname !== '/campaign/' && url.pathname !== '/campaign') return null;
  const voucher = url.searchParams.getAll('v');
  if (voucher.length !== 1 || !VOUCHER.test(voucher[0]!)) return null;
  return voucher[0]!;
}
