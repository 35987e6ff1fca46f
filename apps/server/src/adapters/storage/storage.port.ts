// Where the server keeps files (docs/architecture.md §7): slips, chat uploads, banners. Every instance reads and
// writes through one store, so a file written by one instance is served by all. Keys are
// namespaced by what they hold: `slips/<name>`, `chat/<name>`, `banners/<name>`.

export type StoredFile = { bytes: Buffer; mime: string };

export type FileStorage = {
  /** Stores `bytes` under `key`, replacing what was there. */
  put(key: string, bytes: Buffer, mime: string): Promise<void>;
  /** The file, or null when nothing is stored under `key`. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
};

export const FILE_NAMESPACES = ['slips', 'chat', 'banners'] as const;
export type FileNamespace = (typeof FILE_NAMESPACES)[number];

const KEY = new RegExp(`^(${FILE_NAMESPACES.join('|')})/[A-Za-z0-9][\\w.-]{0,200}$`);

/** A namespace and one plain name: no second slash, no `..`, nothing a store could read as a path. */
export function isFileKey(key: string): boolean {
  return KEY.test(key) && !key.includes('..');
}

export function fileKey(namespace: FileNamespace, name: string): string {
  const key = `${namespace}/${name}`;
  if (!isFileKey(key)) throw new RangeError(`not a file key: ${JSON.stringify(key)}`);
  return key;
}

/** Every adapter refuses a key that is not one (a bug in the caller, never the client's input). */
export function assertFileKey(key: string): void {
  if (!isFileKey(key)) throw new RangeError(`not a file key: ${JSON.stringify(key)}`);
}
