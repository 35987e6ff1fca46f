import { act, renderHook } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { useDecodedImage } from './use-decoded-image';

// Each decode waits until the test lets it finish, by address.
const pending = new Map<string, () => void>();
const original = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'decode');
Object.defineProperty(HTMLImageElement.prototype, 'decode', {
  configurable: true,
  value(this: HTMLImageElement) {
    return new Promise<void>((resolve) => pending.set(this.src, resolve));
  },
});
afterEach(() => pending.clear());
afterAll(() => {
  if (original) Object.defineProperty(HTMLImageElement.prototype, 'decode', original);
  else Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
});

const decode = async (src: string) => {
  await act(async () => pending.get(src)?.());
};

describe('useDecodedImage', () => {
  it('gives nothing until the first picture has decoded', async () => {
    const { result } = renderHook(() => useDecodedImage('blob:http://localhost/own'));
    expect(result.current).toBeNull();
    await decode('blob:http://localhost/own');
    expect(result.current).toBe('blob:http://localhost/own');
  });

  it('keeps the picture it shows while the address changes, until the new one has decoded', async () => {
    const { result, rerender } = renderHook(({ src }) => useDecodedImage(src), {
      initialProps: { src: 'blob:http://localhost/own' as string | null },
    });
    await decode('blob:http://localhost/own');
    // The server's copy is being fetched: no address yet.
    rerender({ src: null });
    expect(result.current).toBe('blob:http://localhost/own');
    // Fetched, now decoding.
    rerender({ src: 'blob:http://localhost/server-copy' });
    expect(result.current).toBe('blob:http://localhost/own');
    await decode('blob:http://localhost/server-copy');
    expect(result.current).toBe('blob:http://localhost/server-copy');
  });
});
