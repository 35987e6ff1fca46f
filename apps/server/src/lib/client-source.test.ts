import { describe, expect, it } from 'vitest';
import { sourceOf } from './client-source.ts';

describe('sourceOf', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(sourceOf('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one source, however it is written', () => {
    const one = [
      '2001:db8:aa:bb::1',
      '2001:0db8:00aa:00bb:ffff:ffff:ffff:fffe',
      '2001:DB8:AA:BB:1:2:3:4',
      '2001:db8:aa:bb:0:0:0:0',
      '2001:db8:aa:bb::9%eth0',
    ];
    expect(new Set(one.map(sourceOf))).toEqual(new Set(['2001:db8:aa:bb::/64']));
    expect(sourceOf('2001:db8:aa:bc::1')).toBe('2001:db8:aa:bc::/64');
    expect(sourceOf('::1')).toBe('0:0:0:0::/64');
    expect(sourceOf('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('reads an IPv4 client behind a dual-stack socket as its IPv4 address', () => {
    expect(sourceOf('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(sourceOf('::ffff:c633:6404')).toBe('198.51.100.4');
  });

  it('leaves what is not an address alone', () => {
    expect(sourceOf('unknown')).toBe('unknown');
  });
});
