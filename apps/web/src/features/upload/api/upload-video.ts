import { uploadResponseSchema, videoMessages, type UploadResponse } from '@flick/contract';
import { getAccessToken } from '../../../lib/access-token.ts';
import { ApiError, NETWORK_ERROR_MESSAGE, toApiError } from '../../../lib/api-client.ts';

export interface UploadVideoOptions {
  /** Whole percent of the file sent, 0 to 100. */
  onProgress?: (percent: number) => void;
  /** Aborting stops the transfer; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
}

const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');

export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * accounts.md §7 POST /videos/upload: multipart `{video}` with progress. One request through
 * XMLHttpRequest, the only browser API that reports upload progress; a resumable transport can
 * take its place behind this same signature.
 */
export function uploadVideo(file: File, { onProgress, signal }: UploadVideoOptions = {}): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/v1/videos/upload');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const payload = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = uploadResponseSchema.safeParse(payload);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(xhr.status, 'The server sent an unexpected answer.'));
        return;
      }
      // A proxy in front of the API may answer 413 with a page of its own.
      if (xhr.status === 413 && !(typeof payload === 'object' && payload !== null)) {
        reject(new ApiError(413, videoMessages.tooBig));
        return;
      }
      reject(toApiError(xhr.status, payload));
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(abortError());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const body = new FormData();
    body.append('video', file, file.name);
    xhr.send(body);
  });
}

/** accounts.md §8: the reason in "Video upload failed: {reason}"; a 422 names what is wrong with the file. */
export function uploadFailureReason(error: unknown): string {
  if (!(error instanceof ApiError)) return NETWORK_ERROR_MESSAGE;
  if (error.status === 422) return error.firstError();
  if (error.status === 413) return videoMessages.tooBig;
  return error.message;
}
