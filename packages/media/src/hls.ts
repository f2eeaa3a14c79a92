import path from 'node:path';
import { fingerprintFilter } from './fingerprint.ts';
import { uploadInputArgs } from './input-guard.ts';
import { planLadder, type Rung } from './ladder.ts';
import type { MediaInfo } from './probe.ts';

/** DESIGN.md "Media": fixed 2 s keyframes and 2 s segments (the target duration)... */
export const HLS_SEGMENT_SECONDS = 2;
/**
 * ...after a start of two 1 s segments (ADR 0020): a player's first frame waits for the first
 * segment, and one second of video is about half the bytes of two.
 */
export const HLS_START_SEGMENT_SECONDS = 1;
export const HLS_START_SEGMENTS = 2;
/**
 * x264's forced keyframes, as an ffmpeg expression (`n_forced` counts those already forced): every
 * second while the start segments last, then every HLS_SEGMENT_SECONDS. ffmpeg's HLS muxer cuts at
 * the first keyframe after each multiple of `-hls_time` (the start segment length), so every keyframe
 * begins a segment: 0, 1, 2, 4, 6... with 1 s start segments.
 */
const START_SECONDS = HLS_START_SEGMENT_SECONDS * HLS_START_SEGMENTS;
export const KEYFRAME_EXPRESSION = `expr:if(lt(t,${START_SECONDS}),gte(t,n_forced*${HLS_START_SEGMENT_SECONDS}),gte(t,${START_SECONDS}+(n_forced-${HLS_START_SEGMENTS})*${HLS_SEGMENT_SECONDS}))`;

/** The segment lengths a stream of `duration` seconds is cut into: the start segments, then full ones, the last one shorter. */
export function plannedSegmentSeconds(duration: number): number[] {
  const lengths: number[] = [];
  for (let start = 0; duration - start > 0.05;) {
    const length = lengths.length < HLS_START_SEGMENTS ? HLS_START_SEGMENT_SECONDS : HLS_SEGMENT_SECONDS;
    lengths.push(Math.min(length, duration - start));
    start += length;
  }
  return lengths;
}
export const MASTER_PLAYLIST_NAME = 'master.m3u8';
export const VARIANT_PLAYLIST_NAME = 'index.m3u8';
export const AUDIO_SAMPLE_RATE = 48_000;

/** Rung `index`'s folder inside the output folder: v0 (the largest), v1, ... */
export function variantDirName(index: number): string {
  return `v${index}`;
}

/** The n-th segment's file name inside a rung's folder (ffmpeg's `seg%03d.ts`). */
export function segmentFileName(n: number): string {
  return `seg${String(n).padStart(3, '0')}.ts`;
}

/**
 * The rung players start on: the master playlist lists it first. With more than one rung that is the
 * second largest (480p of a 720p ladder): a quick first segment that still looks sharp on a phone.
 */
export function startRungIndex(rungCount: number): number {
  return rungCount > 1 ? 1 : 0;
}

/**
 * What a player fetches before its first frame, after the master playlist: the start rung's playlist
 * and first segment, as paths inside the output folder. Known from the source's size alone, so a
 * client can fetch all three at once instead of one after the other.
 */
export function startFiles(size: { displayWidth: number; displayHeight: number }): [playlist: string, firstSegment: string] {
  const dir = variantDirName(startRungIndex(planLadder({ ...size, fps: 30 }).length));
  return [`${dir}/${VARIANT_PLAYLIST_NAME}`, `${dir}/${segmentFileName(0)}`];
}

export type X264Preset = 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium';

export interface HlsArgsInput {
  input: string;
  outDir: string;
  info: Pick<MediaInfo, 'hasAudio' | 'durationSeconds'>;
  rungs: readonly Rung[];
  preset?: X264Preset;
  /** x264 options over the preset's; '' keeps the preset as is. */
  x264Params?: string;
  /**
   * Also writes the fingerprint's pictures (`fingerprintFilter`, raw) to this file, from the same decode:
   * a second output of the same run, so the upload is decoded once for both (ADR 0028).
   */
  fingerprintOut?: string;
}

export const DEFAULT_PRESET: X264Preset = 'veryfast';
/**
 * veryfast with superfast's motion search: a third less CPU on grainy 1080p phone video (the whole
 * ladder above real time on 2 cores, see `npm run bench:transcode`), at about the bitrate of veryfast
 * and half that of superfast for the same CRF.
 */
export const DEFAULT_X264_PARAMS = 'me=dia:subme=1';

function kbits(bitsPerSecond: number): string {
  return `${Math.round(bitsPerSecond / 1000)}k`;
}

/**
 * One ffmpeg process that decodes the source once and writes every rung: H.264 high + AAC in MPEG-TS
 * segments and a playlist per rung in `v<i>/`. Sources without audio get a silent track, so every
 * Flick stream has one. ffmpeg's autorotate applies the rotation before the filters, so rungs are in
 * display orientation. The master playlist is written afterwards from the measured segments
 * (`masterPlaylist`): exact bandwidths, and no reliance on ffmpeg's, which crashes in older builds.
 */
export function hlsArgs({ input, outDir, info, rungs, preset = DEFAULT_PRESET, x264Params = DEFAULT_X264_PARAMS, fingerprintOut }: HlsArgsInput): string[] {
  if (rungs.length === 0) throw new Error('hlsArgs needs at least one rung');
  const count = rungs.length;
  const fps = rungs[0]!.fps;
  const gop = String(fps * HLS_SEGMENT_SECONDS);
  const indexes = rungs.map((_, i) => i);

  // Only the top rung is scaled from the full-size source; the smaller ones from it, which costs a third as much.
  const [top, ...smaller] = rungs;
  // The fingerprint's branch takes the decoded pictures before anything else is done to them.
  const source = fingerprintOut ? '[src]' : '[0:v:0]';
  const fingerprint = fingerprintOut ? [`[0:v:0]split=2[src][fpsrc]`, `[fpsrc]${fingerprintFilter()}[fp]`] : [];
  const topChain = `${source}fps=${fps},scale=${top!.width}:${top!.height},setsar=1,format=yuv420p`;
  const video =
    count === 1
      ? [`${topChain}[v0]`]
      : [
          `${topChain},split=${count}[v0]${smaller.map((_, i) => `[s${i + 1}]`).join('')}`,
          ...smaller.map((rung, i) => `[s${i + 1}]scale=${rung.width}:${rung.height}[v${i + 1}]`),
        ];
  const audioFormat = `aformat=sample_rates=${AUDIO_SAMPLE_RATE}:channel_layouts=stereo`;
  // A source without sound gets silence of its exact length rather than -shortest, which can overshoot.
  const audioSource = info.hasAudio
    ? `[0:a:0]aresample=${AUDIO_SAMPLE_RATE},${audioFormat}`
    : `anullsrc=channel_layout=stereo:sample_rate=${AUDIO_SAMPLE_RATE},atrim=duration=${info.durationSeconds.toFixed(3)},${audioFormat}`;
  const audio = `${audioSource},asplit=${count}${indexes.map((i) => `[a${i}]`).join('')}`;

  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-threads',
    '0',
    ...uploadInputArgs(input),
    '-filter_complex',
    [...fingerprint, ...video, audio].join(';'),
    ...indexes.flatMap((i) => ['-map', `[v${i}]`, '-map', `[a${i}]`]),
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-c:v',
    'libx264',
    '-preset',
    preset,
    ...(x264Params ? ['-x264-params', x264Params] : []),
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-crf',
    '23',
    ...rungs.flatMap((rung, i) => [
      `-maxrate:v:${i}`,
      kbits(rung.maxBitrate),
      `-bufsize:v:${i}`,
      kbits(rung.bufferSize),
      `-level:v:${i}`,
      (rung.h264Level / 10).toFixed(1),
    ]),
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
    '-force_key_frames',
    KEYFRAME_EXPRESSION,
    '-c:a',
    'aac',
    ...rungs.flatMap((rung, i) => [`-b:a:${i}`, kbits(rung.audioBitrate)]),
    '-ac',
    '2',
    '-ar',
    String(AUDIO_SAMPLE_RATE),
    '-max_muxing_queue_size',
    '4096',
    '-f',
    'hls',
    '-hls_time',
    String(HLS_START_SEGMENT_SECONDS),
    // Growing EVENT playlists, each segment and playlist renamed into place when complete, so the
    // stream can start while the rest is encoding; transcodeToHls turns them into VOD at the end.
    '-hls_playlist_type',
    'event',
    '-hls_segment_type',
    'mpegts',
    '-hls_flags',
    'independent_segments+temp_file',
    '-var_stream_map',
    indexes.map((i) => `v:${i},a:${i}`).join(' '),
    '-hls_segment_filename',
    path.join(outDir, 'v%v', 'seg%03d.ts'), // segmentFileName
    '-progress',
    'pipe:1',
    '-nostats',
    path.join(outDir, 'v%v', VARIANT_PLAYLIST_NAME),
    ...(fingerprintOut ? ['-map', '[fp]', '-map_metadata', '-1', '-c:v', 'rawvideo', '-flush_packets', '1', '-f', 'rawvideo', `file:${fingerprintOut}`] : []),
  ];
}
