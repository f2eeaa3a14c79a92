import { videoMessages } from '@flick/contract';
import { REFUSED_BY_GUARD } from './input-guard.ts';

/**
 * - `not-a-video`: no decodable video stream (an image, a zip renamed .mp4, a truncated file).
 * - `too-long`: longer than the upload limit.
 * - `ffmpeg-failed`: ffmpeg or ffprobe exited with an error on input that probed fine.
 * - `aborted`, `timeout`: the caller's signal fired, or the run took longer than allowed.
 */
export type MediaErrorKind = 'not-a-video' | 'too-long' | 'ffmpeg-failed' | 'aborted' | 'timeout';

/** Our messages for failures the contract does not word. */
export const mediaMessages = {
  processingFailed: 'We could not process this video. Please try again.',
  cancelled: 'Processing was cancelled.',
} as const;

const defaultMessages: Record<MediaErrorKind, string> = {
  'not-a-video': videoMessages.notAVideo,
  'too-long': videoMessages.tooLong,
  'ffmpeg-failed': mediaMessages.processingFailed,
  aborted: mediaMessages.cancelled,
  timeout: mediaMessages.processingFailed,
};

export interface MediaErrorOptions {
  /** The user-facing message; defaults to the kind's. */
  message?: string;
  /** What went wrong, for logs (ffprobe's reason, ffmpeg's stderr tail); never shown to users. */
  detail?: string;
  exitCode?: number | null;
  cause?: unknown;
}

/** A media failure whose `message` can be shown to the uploader as is. */
export class MediaError extends Error {
  override readonly name = 'MediaError';
  readonly kind: MediaErrorKind;
  readonly detail: string;
  readonly exitCode: number | null;

  constructor(kind: MediaErrorKind, options: MediaErrorOptions = {}) {
    super(options.message ?? defaultMessages[kind], options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.detail = options.detail ?? '';
    this.exitCode = options.exitCode ?? null;
  }

  /** Whether running the same job again may succeed: the input itself is not the problem. */
  get retryable(): boolean {
    return this.kind === 'ffmpeg-failed' || this.kind === 'timeout' || this.kind === 'aborted';
  }
}

export function isMediaError(error: unknown): error is MediaError {
  return error instanceof MediaError;
}

/** ffmpeg's exit code when more than -max_error_rate of the input failed to decode. */
const DECODE_ERROR_RATE_EXIT = 69;
const INPUT_DECODE_ERROR = /Invalid data found when processing input|Error while decoding stream/;

/**
 * An ffmpeg failure caused by the input rather than the machine, as `not-a-video`: the uploader's file
 * is damaged, or is not in a container the upload guard lets ffmpeg open (input-guard.ts).
 */
export function asInputError(error: unknown): unknown {
  if (!(error instanceof MediaError) || error.kind !== 'ffmpeg-failed' || error.exitCode === null) return error;
  const { detail, exitCode } = error;
  if (exitCode !== DECODE_ERROR_RATE_EXIT && !INPUT_DECODE_ERROR.test(detail) && !REFUSED_BY_GUARD.test(detail)) return error;
  return new MediaError('not-a-video', { detail, exitCode, cause: error });
}
