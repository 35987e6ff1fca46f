// XMLHttpRequest as the progress uploads use it (lib/upload.ts), answered by the test.
import { vi } from 'vitest';

export type FakeUpload = {
  method: string;
  url: string;
  form: FormData;
  headers: Record<string, string>;
  timeout: number;
  respond: (status: number, body: unknown) => void;
  progress: (loaded: number, total: number) => void;
  fail: () => void;
};

type ProgressHandler = ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;

/** Installs the fake for this test; every send is recorded in the returned list. */
export function stubXhr(): FakeUpload[] {
  const sent: FakeUpload[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    timeout = 0;
    upload: { onprogress: ProgressHandler } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      sent.push({
        method: this.method,
        url: this.url,
        form,
        headers: this.headers,
        timeout: this.timeout,
        respond: (status, body) => {
          this.status = status;
          this.responseText = JSON.stringify(body);
          this.onload?.();
        },
        progress: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total }),
        fail: () => this.onerror?.(),
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

/** A File of `size` bytes without allocating them. */
export function fileOf(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
