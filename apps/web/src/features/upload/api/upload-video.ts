import { STUDIO_ACT_FOR_HEADER, uploadResponseSchema, videoMessages, type UploadResponse } from '@flick/contract';
import { msg } from '@flick/i18n';
import type * as TusClient from 'tus-js-client';
import type { HttpResponse, Upload } from 'tus-js-client';
import { getAccessToken, getActingFor } from '../../../lib/access-token.ts';
import { ApiError, NETWORK_ERROR_MESSAGE, toApiError } from '../../../lib/api-client.ts';

export interface UploadVideoOptions {
  /** Whole percent of the file sent, 0 to 100. */
  onProgress?: (percent: number) => void;
  /** Aborting stops the transfer and deletes what reached the server; the promise rejects with an AbortError. */
  signal?: AbortSignal;
}

type Tus = typeof TusClient;

const ENDPOINT = '/v1/videos/uploads';
/** One PATCH at most: a proxy that buffers request bodies loses no more than this when the line drops. */
const CHUNK_SIZE = 8 * 1024 * 1024;
/** Pauses before each new try (ms); they start over once bytes get through again. About a minute in all. */
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000];

const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');

export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** No answer, an offset to settle (409), a locked upload (423) or a proxy without the server: worth trying again. */
const isTransient = (status: number) => status === 0 || status === 409 || status === 423 || (status >= 502 && status <= 504);

function statusOf(tus: Tus, error: Error): number {
  return error instanceof tus.DetailedError ? (error.originalResponse?.getStatus() ?? 0) : 0;
}

function toUploadError(tus: Tus, error: Error): ApiError {
  const response = error instanceof tus.DetailedError ? error.originalResponse : null;
  if (!response) return new ApiError(0, NETWORK_ERROR_MESSAGE);
  const payload = parse(response.getBody());
  // A proxy in front of the API may answer 413 with a page of its own.
  if (response.getStatus() === 413 && !(typeof payload === 'object' && payload !== null)) return new ApiError(413, videoMessages.tooBig);
  return toApiError(response.getStatus(), payload);
}

/** The PATCH that completed the file carries the same answer as POST /videos/upload. */
function toUploadResponse(response: HttpResponse): UploadResponse {
  const parsed = uploadResponseSchema.safeParse(parse(response.getBody()));
  if (!parsed.success) throw new ApiError(response.getStatus(), msg('The server sent an unexpected answer.'));
  return parsed.data;
}

/** Picks up where an earlier try of the same file stopped (tus-js-client remembers it across reloads). */
async function resumeOrStart(upload: Upload, signal: AbortSignal | undefined) {
  const [previous] = await upload.findPreviousUploads().catch(() => []);
  // start() would undo an abort that came while the storage was read.
  if (signal?.aborted) return;
  if (previous) upload.resumeFromPreviousUpload(previous);
  upload.start();
}

/** The bearer, and for a studio manager acting for a member, the member (every tus request may name them). */
function uploadHeaders(token: string | null): Record<string, string> {
  if (!token) return {};
  const actingFor = getActingFor();
  return actingFor === null ? { Authorization: `Bearer ${token}` } : { Authorization: `Bearer ${token}`, [STUDIO_ACT_FOR_HEADER]: String(actingFor) };
}

/**
 * accounts.md §7 "upload with progress", resumably: the file goes to /v1/videos/uploads over tus, in chunks,
 * and a dropped connection resumes from the bytes the server has. The answer is the multipart call's
 * `{ videoId, screenshot }`. tus-js-client loads only when an upload starts.
 */
export async function uploadVideo(file: File, { onProgress, signal }: UploadVideoOptions = {}): Promise<UploadResponse> {
  if (signal?.aborted) throw abortError();
  const tus = await import('tus-js-client');
  if (signal?.aborted) throw abortError();

  return new Promise((resolve, reject) => {
    const token = getAccessToken();
    const upload = new tus.Upload(file, {
      endpoint: new URL(ENDPOINT, window.location.origin).href,
      headers: uploadHeaders(token),
      metadata: { filename: file.name, filetype: file.type },
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      onShouldRetry: (error) => isTransient(statusOf(tus, error)),
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => {
        if (total > 0) onProgress?.(Math.min(100, Math.floor((sent / total) * 100)));
      },
      onSuccess: ({ lastResponse }) => {
        signal?.removeEventListener('abort', cancel);
        try {
          resolve(toUploadResponse(lastResponse));
        } catch (error) {
          reject(error);
        }
      },
      onError: (error) => {
        signal?.removeEventListener('abort', cancel);
        reject(toUploadError(tus, error));
      },
    });

    function cancel() {
      reject(abortError());
      // Termination deletes what arrived; if it cannot reach the server, the upload expires there.
      upload.abort(true).catch(() => undefined);
    }
    signal?.addEventListener('abort', cancel, { once: true });
    void resumeOrStart(upload, signal);
  });
}

/** accounts.md §8: the reason in "Video upload failed: {reason}"; a 422 names what is wrong with the file. */
export function uploadFailureReason(error: unknown): string {
  if (!(error instanceof ApiError)) return NETWORK_ERROR_MESSAGE;
  if (error.status === 422) return error.firstError();
  if (error.status === 413) return videoMessages.tooBig;
  return error.message;
}
