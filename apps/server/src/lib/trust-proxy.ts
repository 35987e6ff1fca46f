// TRUST_PROXY: who may tell us the client's address in X-Forwarded-For. Unset means "not decided"
// (production then refuses proxied requests, plugins/proxy-trust.ts); `none` (or `false`, `0`) no
// proxy; otherwise the proxies' addresses or CIDRs, comma-separated. `true` (or `1`) trusts every
// client's header: development only. No hop counts: Fastify never trusts a peer by count alone.
import { BlockList, isIP } from 'node:net';

export type TrustProxy = undefined | boolean | string[];

/** The setting, or a sentence saying what is wrong with it. */
export function parseTrustProxy(raw: string | undefined): { value: TrustProxy } | { error: string } {
  const v = raw?.trim() ?? '';
  if (v === '') return { value: undefined };
  if (v === 'none' || v === 'false' || v === '0') return { value: false };
  if (v === 'true' || v === '1') return { value: true };
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (bad.length > 0) return { error: `not an address or CIDR: ${bad.join(', ')} (or none)` };
  return { value: entries };
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** Whether the connection's own peer is a proxy we trust (then its forwarded headers count). */
export function trustsPeer(trust: TrustProxy): (address: string | undefined) => boolean {
  if (trust === true) return () => true;
  if (!Array.isArray(trust) || trust.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of trust) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    if (!address) return false;
    const v4 = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const family = isIP(v4);
    return family !== 0 && list.check(v4, family === 4 ? 'ipv4' : 'ipv6');
  };
}
