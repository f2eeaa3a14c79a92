import { VIDEO_MAX_SECONDS, videoMessages } from '@flick/contract';
import { MediaError } from './errors.ts';
import { isAcceptedFormat, uploadInputArgs } from './input-guard.ts';
import { type RunOptions, runFfprobe } from './run-ffmpeg.ts';

export interface MediaInfo {
  /** The container's duration (the longest stream). */
  durationSeconds: number;
  /** The video stream's own duration; equals durationSeconds when the file does not say. */
  videoDurationSeconds: number;
  /** Coded size, before rotation. */
  width: number;
  height: number;
  /** Clockwise degrees a player turns the coded picture: 0, 90, 180 or 270. */
  rotation: 0 | 90 | 180 | 270;
  /** Size as shown: after the pixel aspect ratio and the rotation. */
  displayWidth: number;
  displayHeight: number;
  isVertical: boolean;
  /** Average frames per second (a guess of 30 when the file gives none). */
  fps: number;
  isVariableFrameRate: boolean;
  hasAudio: boolean;
  videoCodec: string;
  audioCodec: string | null;
  formatName: string;
  sizeBytes: number;
}

export interface ProbeProblem {
  kind: 'not-a-video' | 'too-long';
  /** For the uploader (contract wording). */
  message: string;
  /** For logs. */
  reason: string;
}

export interface ParseProbeOptions {
  maxSeconds?: number;
}

/** Shorter than this is a still image or an empty file, not a video. */
export const MIN_VIDEO_SECONDS = 0.2;
/** r_frame_rate and avg_frame_rate further apart than this mark a variable frame rate. */
const VFR_TOLERANCE = 0.005;
/** Single-picture demuxers: a PNG or JPEG renamed .mp4 probes as one of these. */
const IMAGE_FORMAT = /(^|,)(image2|[a-z0-9]+_pipe)(,|$)/;
const IMAGE_CODECS = new Set(['png', 'mjpeg', 'bmp', 'webp', 'tiff', 'gif', 'jpeg2000', 'jpegxl', 'qoi']);
/** MP4/MOV index every sample, so their streams' bitrates add up to the media bytes the file must hold. */
const INDEXED_FORMAT = /(^|,)(mov|mp4)(,|$)/;
/** A file holding less than this share of its indexed bytes was cut off (an interrupted upload or copy). */
const MIN_INDEXED_SHARE = 0.9;

export function probeArgs(file: string): string[] {
  return ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...uploadInputArgs(file)];
}

type Json = Record<string, unknown>;

function record(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

function numberFrom(value: unknown): number | null {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : null;
}

function stringFrom(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** "30000/1001" -> 29.97; "0/0" and nonsense -> null. */
export function parseRate(value: unknown): number | null {
  const match = typeof value === 'string' ? /^(\d+(?:\.\d+)?)(?:\/(\d+(?:\.\d+)?))?$/.exec(value.trim()) : null;
  if (!match) return null;
  const rate = Number(match[1]) / Number(match[2] ?? 1);
  return Number.isFinite(rate) && rate > 0 && rate <= 1000 ? rate : null;
}

function parseRatio(value: unknown): number | null {
  const match = typeof value === 'string' ? /^(\d+):(\d+)$/.exec(value) : null;
  if (!match) return null;
  const ratio = Number(match[1]) / Number(match[2]);
  return Number.isFinite(ratio) && ratio > 0 ? ratio : null;
}

/** Display-matrix rotation is counter-clockwise (-90 on a portrait phone clip); the old `rotate` tag is clockwise. */
function rotationOf(stream: Json): MediaInfo['rotation'] {
  let clockwise = 0;
  const sideData = Array.isArray(stream.side_data_list) ? stream.side_data_list : [];
  const matrix = sideData.map(record).find((entry) => entry && numberFrom(entry.rotation) !== null);
  const tagged = numberFrom(record(stream.tags)?.rotate);
  if (matrix) clockwise = -(numberFrom(matrix.rotation) ?? 0);
  else if (tagged !== null) clockwise = tagged;
  const quarter = (((Math.round(clockwise / 90) % 4) + 4) % 4) as 0 | 1 | 2 | 3;
  return ([0, 90, 180, 270] as const)[quarter];
}

function problem(kind: ProbeProblem['kind'], reason: string): ProbeProblem {
  return { kind, reason, message: kind === 'too-long' ? videoMessages.tooLong : videoMessages.notAVideo };
}

export function isProbeProblem(value: MediaInfo | ProbeProblem): value is ProbeProblem {
  return 'kind' in value;
}

/** Reads `ffprobe -show_format -show_streams` JSON (text or parsed) into MediaInfo, or says why it is not a usable video. */
export function parseProbe(output: unknown, options: ParseProbeOptions = {}): MediaInfo | ProbeProblem {
  const maxSeconds = options.maxSeconds ?? VIDEO_MAX_SECONDS;
  let parsed: unknown = output;
  if (typeof output === 'string') {
    try {
      parsed = JSON.parse(output);
    } catch {
      return problem('not-a-video', 'ffprobe output is not JSON');
    }
  }
  const root = record(parsed);
  const format = record(root?.format) ?? {};
  const streams = (Array.isArray(root?.streams) ? root.streams : []).map(record).filter((s): s is Json => s !== null);
  // Cover art in an audio file is a "video" stream too.
  const isPicture = (s: Json) => record(s.disposition)?.attached_pic === 1;
  const video = streams.find((s) => s.codec_type === 'video' && !isPicture(s));
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!video) return problem('not-a-video', 'no video stream');

  const formatName = stringFrom(format.format_name) ?? 'unknown';
  const videoCodec = stringFrom(video.codec_name) ?? 'unknown';
  const frameCount = numberFrom(video.nb_frames);
  if (IMAGE_FORMAT.test(formatName)) return problem('not-a-video', `still image (${formatName})`);
  if (IMAGE_CODECS.has(videoCodec) && frameCount !== null && frameCount <= 1) {
    return problem('not-a-video', `still image (${videoCodec})`);
  }
  // Behind probeArgs' -format_whitelist too, for output from any other ffprobe run.
  if (!isAcceptedFormat(formatName)) return problem('not-a-video', `not an accepted container (${formatName})`);

  const width = numberFrom(video.width) ?? 0;
  const height = numberFrom(video.height) ?? 0;
  if (width <= 0 || height <= 0) return problem('not-a-video', 'video stream without a picture size');

  const streamSeconds = numberFrom(video.duration);
  const durationSeconds = numberFrom(format.duration) ?? streamSeconds ?? 0;
  if (!(durationSeconds >= MIN_VIDEO_SECONDS)) return problem('not-a-video', `duration ${durationSeconds} s`);
  if (durationSeconds > maxSeconds) return problem('too-long', `duration ${durationSeconds} s > ${maxSeconds} s`);
  const videoDurationSeconds = streamSeconds !== null && streamSeconds > 0 ? streamSeconds : durationSeconds;
  const sizeBytes = numberFrom(format.size) ?? 0;
  if (INDEXED_FORMAT.test(formatName) && sizeBytes > 0) {
    const indexedBytes = streams.reduce((sum, s) => sum + ((numberFrom(s.bit_rate) ?? 0) * (numberFrom(s.duration) ?? 0)) / 8, 0);
    if (sizeBytes < indexedBytes * MIN_INDEXED_SHARE) {
      return problem('not-a-video', `truncated: ${sizeBytes} of ${Math.round(indexedBytes)} indexed bytes`);
    }
  }

  const rotation = rotationOf(video);
  const pixelAspect = parseRatio(video.sample_aspect_ratio) ?? 1;
  const shownWidth = Math.max(1, Math.round(width * pixelAspect));
  const [displayWidth, displayHeight] = rotation % 180 === 0 ? [shownWidth, height] : [height, shownWidth];

  const averageRate = parseRate(video.avg_frame_rate);
  const baseRate = parseRate(video.r_frame_rate);
  const countedRate = frameCount !== null && frameCount > 0 ? frameCount / videoDurationSeconds : null;
  const fps = averageRate ?? countedRate ?? baseRate ?? 30;
  const isVariableFrameRate = averageRate !== null && baseRate !== null && Math.abs(baseRate - averageRate) / Math.max(baseRate, averageRate) > VFR_TOLERANCE;

  return {
    durationSeconds,
    videoDurationSeconds,
    width,
    height,
    rotation,
    displayWidth,
    displayHeight,
    isVertical: displayHeight > displayWidth,
    fps,
    isVariableFrameRate,
    hasAudio: audio !== undefined,
    videoCodec,
    audioCodec: audio ? (stringFrom(audio.codec_name) ?? 'unknown') : null,
    formatName,
    sizeBytes,
  };
}

export interface ProbeOptions extends RunOptions, ParseProbeOptions {}

/**
 * Probes `file` with ffprobe. Throws a MediaError whose message is for the uploader: `not-a-video`
 * (ffprobe cannot read it, or it is no usable video) or `too-long`; `aborted`/`timeout` pass through.
 */
export async function probe(file: string, options: ProbeOptions = {}): Promise<MediaInfo> {
  let output: string;
  try {
    output = await runFfprobe(probeArgs(file), { timeoutMs: 30_000, ...options });
  } catch (error) {
    if (error instanceof MediaError && error.kind === 'ffmpeg-failed' && error.exitCode !== null) {
      throw new MediaError('not-a-video', { detail: error.detail, cause: error });
    }
    throw error;
  }
  const info = parseProbe(output, options);
  if (isProbeProblem(info)) throw new MediaError(info.kind, { message: info.message, detail: info.reason });
  return info;
}
