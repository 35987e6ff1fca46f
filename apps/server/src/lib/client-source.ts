// The source that per-address limits count (sign-in lockouts, code sends, registrations, uploads, the
// global request limit). An IPv4 address is one source. An IPv6 address counts by its /64: that is
// one subscriber's prefix (mobile carriers give each device a /64 of its own, RFC 6177), and a client
// that picks a new address from it for every request must not get a new allowance each time. The
// full address is still what sessions, logs and the audit trail record.
import { isIPv4, isIPv6 } from 'node:net';

/** The 8 hextets of an IPv6 address (no zone), or null when it is not one. */
function hextets(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let text = address;
  // A trailing dotted quad (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) as two hextets.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((h) => Number.parseInt(h, 16));
}

/** `ip` as the source its limits count: an IPv4 address, or an IPv6 /64 written `a:b:c:d::/64`. */
export function sourceOf(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  if (isIPv4(address)) return address;
  const h = hextets(address);
  if (!h) return ip;
  // An IPv4 client seen through a dual-stack socket (::ffff:a.b.c.d) is that IPv4 address.
  if (h.slice(0, 5).every((x) => x === 0) && h[5] === 0xffff) {
    return [h[6]! >> 8, h[6]! & 255, h[7]! >> 8, h[7]! & 255].join('.');
  }
  return `${h
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}
