import type { HttpRequest, HttpResponse, PreviousUpload, UploadOptions } from 'tus-js-client';
import { vi } from 'vitest';

/**
 * A stand-in for tus-js-client that a test drives by hand: progress, the answer of the request that
 * completed the file, a refusal or a dropped line. Use it with
 * `vi.mock('tus-js-client', () => import('<path>/testing/mock-tus.ts'))`.
 */

/** tus-js-client's error for a failed request: the response, or null when none came. */
export class DetailedError extends Error {
  declare originalRequest: HttpRequest;
  causingError: Error | null = null;

  constructor(readonly originalResponse: HttpResponse | null) {
    super('tus: request failed');
  }
}

export function tusResponse(status: number, body: unknown = ''): HttpResponse {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { getStatus: () => status, getHeader: () => undefined, getBody: () => text, getUnderlyingObject: () => null };
}

/** Every upload the code made since the last `resetTus`, oldest first. */
export const uploads: Upload[] = [];
/** What `findPreviousUploads` answers: earlier tries of the same file, remembered across reloads. */
export const previousUploads: PreviousUpload[] = [];

export function resetTus() {
  uploads.length = 0;
  previousUploads.length = 0;
}

export class Upload {
  url: string | null = null;
  started = false;
  aborted = false;
  terminated = false;
  resumedFrom: PreviousUpload | null = null;

  constructor(
    readonly file: File,
    readonly options: UploadOptions,
  ) {
    uploads.push(this);
  }

  findPreviousUploads() {
    return Promise.resolve([...previousUploads]);
  }

  resumeFromPreviousUpload(previous: PreviousUpload) {
    this.resumedFrom = previous;
    this.url = previous.uploadUrl;
  }

  start() {
    this.started = true;
  }

  abort(shouldTerminate = false) {
    this.aborted = true;
    this.terminated = shouldTerminate;
    return Promise.resolve();
  }

  /** tus-js-client reports `sent` of `total` bytes. */
  progress(sent: number, total: number) {
    this.options.onProgress?.(sent, total);
  }

  /** The request that completed the file was answered; an object is sent as JSON. */
  succeed(status: number, body: unknown) {
    this.options.onSuccess?.({ lastResponse: tusResponse(status, body) });
  }

  /** The server refused (retries, if any, are over). */
  fail(status: number, body: unknown) {
    this.options.onError?.(new DetailedError(tusResponse(status, body)));
  }

  /** The line dropped and stayed down. */
  drop() {
    this.options.onError?.(new DetailedError(null));
  }
}

/** The upload once the code started it: after loading the client and looking for an earlier try. */
export async function startedUpload(index = 0): Promise<Upload> {
  await vi.waitFor(() => {
    if (!uploads[index]?.started) throw new Error(`upload ${index} has not started`);
  });
  return uploads[index]!;
}
