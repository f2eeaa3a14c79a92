import { vi } from 'vitest';

/** A stand-in for XMLHttpRequest that a test drives by hand: progress, an answer, a failure. */
export class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Document | XMLHttpRequestBodyInit | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: Document | XMLHttpRequestBodyInit | null = null) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  /** The server answers; an object is sent as JSON, a string as it is. */
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }

  /** The connection drops before an answer. */
  fail() {
    this.onerror?.();
  }
}

/** Replaces XMLHttpRequest; the returned list fills with each request the code makes. */
export function mockXhr(): FakeXhr[] {
  const requests: FakeXhr[] = [];
  class RecordedXhr extends FakeXhr {
    constructor() {
      super();
      requests.push(this);
    }
  }
  vi.stubGlobal('XMLHttpRequest', RecordedXhr);
  return requests;
}
