// What every file store must do, run against each adapter (db-storage.test.ts, s3-storage.test.ts):
// `open` answers a new adapter on the same backing store each call, as another instance would.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FileStorage } from './storage.port.ts';

const name = (ext = 'png') => `${randomBytes(16).toString('hex')}.${ext}`;
/** Every byte value, a NUL and high bytes included: stored as bytes, never as text. */
const allBytes = () => Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));

export function storageContract(adapter: string, open: () => FileStorage) {
  describe(`file storage contract: ${adapter}`, () => {
    it('answers the bytes and type it stored, to another instance too', async () => {
      const [a, b] = [open(), open()];
      const key = `slips/${name()}`;
      await a.put(key, allBytes(), 'image/png');
      for (const store of [a, b]) {
        const got = await store.get(key);
        expect(got?.mime).toBe('image/png');
        expect(got?.bytes.equals(allBytes())).toBe(true);
      }
    });

    it('answers null for a key never stored', async () => {
      expect(await open().get(`chat/${name()}`)).toBeNull();
    });

    it('replaces a file put again under the same key', async () => {
      const store = open();
      const key = `chat/${name('mp4')}`;
      await store.put(key, Buffer.from('first'), 'video/mp4');
      await store.put(key, Buffer.from('second, longer'), 'video/quicktime');
      expect(await store.get(key)).toEqual({ bytes: Buffer.from('second, longer'), mime: 'video/quicktime' });
    });

    it('keeps namespaces apart: the same name under slips/ and chat/ are two files', async () => {
      const store = open();
      const file = name();
      await store.put(`slips/${file}`, Buffer.from('slip'), 'image/png');
      expect(await store.get(`chat/${file}`)).toBeNull();
      await store.put(`chat/${file}`, Buffer.from('chat'), 'image/png');
      expect((await store.get(`slips/${file}`))?.bytes.toString()).toBe('slip');
    });

    it('deletes for every instance; deleting a missing file is no error', async () => {
      const [a, b] = [open(), open()];
      const key = `banners/${name('jpg')}`;
      await a.put(key, Buffer.from('banner'), 'image/jpeg');
      await b.delete(key);
      expect(await a.get(key)).toBeNull();
      await expect(a.delete(key)).resolves.toBeUndefined();
      await expect(a.delete(`slips/${name()}`)).resolves.toBeUndefined();
    });

    it('stores an empty file and a 2 MB one whole', async () => {
      const store = open();
      const big = randomBytes(2 * 1024 * 1024);
      const [empty, large] = [`chat/${name()}`, `chat/${name('mp4')}`];
      await store.put(empty, Buffer.alloc(0), 'image/png');
      await store.put(large, big, 'video/mp4');
      expect((await store.get(empty))?.bytes.length).toBe(0);
      expect((await store.get(large))?.bytes.equals(big)).toBe(true);
    });

    it('refuses keys outside the namespaces or shaped like paths', async () => {
      const store = open();
      for (const key of ['../etc/passwd', 'slips/../x.png', 'slips/a/b.png', 'other/x.png', 'slips/', '/slips/x.png']) {
        await expect(store.put(key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(RangeError);
        await expect(store.get(key), key).rejects.toThrow(RangeError);
        await expect(store.delete(key), key).rejects.toThrow(RangeError);
      }
    });
  });
}
