import { mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type MediaBinaries, resolveBinaries } from './binaries.ts';
import { MediaError, asInputError } from './errors.ts';
import { FINGERPRINT_PICTURE_BYTES, FINGERPRINT_PICTURES_PER_SECOND, type VideoFingerprint, fingerprintFromPictures } from './fingerprint.ts';
import { DEFAULT_PRESET, DEFAULT_X264_PARAMS, MASTER_PLAYLIST_NAME, VARIANT_PLAYLIST_NAME, type X264Preset, hlsArgs, variantDirName } from './hls.ts';
import { type Rung, planLadder } from './ladder.ts';
import { type MediaLogger, silentLogger } from './logger.ts';
import { type MediaInfo, probe } from './probe.ts';
import { linkEarly, publish, randomSuffix, removeStaleOutputs, unlinkEarly, writeAtomically } from './output-folder.ts';
import { type MeasuredSegment, type Variant, asVodPlaylist, averageBitrate, masterPlaylist, parseMediaPlaylist, peakBitrate, playlistSeconds } from './playlist.ts';
import { runFfmpeg } from './run-ffmpeg.ts';
import { captureFirstFrame, captureThumbnail, writeThumbnailCopies } from './stills.ts';
import { FIRST_FRAME_NAME, STILLS_VERSION, type StillSize, THUMBNAIL_NAME } from './thumbnail.ts';

export interface TranscodeProgress {
  /** Seconds of the video encoded so far. */
  seconds: number;
  /** 0 to 1. */
  fraction: number;
}

export interface TranscodeOptions {
  input: string;
  /** Created by the transcode (replacing an older one) only when everything in it is ready. */
  outDir: string;
  /** From an earlier `probe`; probed again when absent. */
  info?: MediaInfo;
  signal?: AbortSignal;
  onProgress?: (progress: TranscodeProgress) => void;
  logger?: MediaLogger;
  binaries?: MediaBinaries;
  preset?: X264Preset;
  x264Params?: string;
  /** Default: 60 s plus 5 s per second of video. */
  timeoutMs?: number;
  /**
   * Called once the stream can start while the rest is still encoding: `outDir` is then a link to
   * the folder being written, whose master playlist lists growing playlists of
   * PLAYABLE_AFTER_SEGMENTS segments or more. The encoder runs faster than real time, so playback
   * started now keeps ahead of it. Not called when an older `outDir` exists (it stays until the new one
   * replaces it) or when the whole transcode finishes first.
   */
  onPlayable?: (info: MediaInfo) => void | Promise<void>;
  /**
   * The upload's fingerprint, from the same decode (ADR 0028): a branch of the filter graph writes its
   * pictures beside the staging folder, and the result has the whole fingerprint. `onEarly` gets the
   * fingerprint of the first `earlySeconds` (of the whole video, if shorter) as soon as they are decoded;
   * `onPlayable` is not called before it has returned.
   */
  fingerprint?: { earlySeconds: number; onEarly?: (fingerprint: VideoFingerprint) => void | Promise<void> };
}

export interface TranscodeResult {
  info: MediaInfo;
  rungs: Rung[];
  outDir: string;
  /** `<outDir>/master.m3u8`; rung i's playlist is `<outDir>/v<i>/index.m3u8`. */
  masterPlaylist: string;
  /** `<outDir>/thumbnail.jpg` */
  thumbnail: string;
  /** Every thumbnail file written (`thumbnailSizes`), narrowest first, with its path in `outDir`. */
  thumbnails: (StillSize & { path: string })[];
  /** Which stills `outDir` holds (STILLS_VERSION), for the caller to record. */
  stillsVersion: number;
  /** `<outDir>/first-frame.jpg` */
  firstFrame: string;
  /** Playable length: the sum of the top rung's segment durations. */
  durationSeconds: number;
  /** The whole upload's fingerprint, when `fingerprint` was asked for. */
  fingerprint: VideoFingerprint | null;
}

/** Less decoded video than this share of the stream's duration means a truncated or damaged file. */
const MIN_DECODED_SHARE = 0.9;
/** ...unless the gap is within this many seconds (frame-rate rounding on short clips). */
const DECODED_SLACK_SECONDS = 0.5;

/** Segments every rung needs before the stream is published early (see `onPlayable`). */
export const PLAYABLE_AFTER_SEGMENTS = 2;
const PLAYABLE_POLL_MS = 150;

/** The first `bytes` of `file` (all of it when shorter; none when there is no file: nothing was decoded). */
async function readStart(file: string, bytes = Number.POSITIVE_INFINITY): Promise<Buffer> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!handle) return Buffer.alloc(0);
  try {
    const buffer = Buffer.alloc(Math.min(bytes, (await handle.stat()).size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A rung's bitrates, from the sizes of the segments ffmpeg wrote. */
async function measureVariant(dir: string, rung: Rung, index: number): Promise<Variant & { seconds: number }> {
  const playlist = await readFile(path.join(dir, variantDirName(index), VARIANT_PLAYLIST_NAME), 'utf8');
  const segments: MeasuredSegment[] = await Promise.all(
    parseMediaPlaylist(playlist).map(async (segment) => ({
      seconds: segment.seconds,
      bytes: (await stat(path.join(dir, variantDirName(index), segment.uri))).size,
    })),
  );
  return {
    rung,
    uri: `${variantDirName(index)}/${VARIANT_PLAYLIST_NAME}`,
    peakBitrate: peakBitrate(segments),
    averageBitrate: averageBitrate(segments),
    seconds: playlistSeconds(playlist),
  };
}

/**
 * Probes (unless `info` is given), plans the ladder and writes HLS, `thumbnail.jpg` (with its smaller
 * copy, `thumbnailSizes`) and `first-frame.jpg` into `<outDir>.tmp-<random>`, then renames it to `outDir`. On any failure nothing is left behind and
 * the MediaError says why (see errors.ts for the kinds). Leftovers of an earlier interrupted run into
 * the same `outDir` are removed first, so run one transcode per `outDir` at a time.
 */
export async function transcodeToHls(options: TranscodeOptions): Promise<TranscodeResult> {
  const { input, outDir, signal, onProgress, logger = silentLogger, preset = DEFAULT_PRESET, x264Params = DEFAULT_X264_PARAMS } = options;
  const binaries = options.binaries ?? (await resolveBinaries());
  const info = options.info ?? (await probe(input, { signal, logger, binary: binaries.ffprobe }));
  const rungs = planLadder(info);
  const timeoutMs = options.timeoutMs ?? (60 + info.durationSeconds * 5) * 1000;
  const staging = `${outDir}.tmp-${randomSuffix()}`;
  // Beside the staging folder, not in it (never published); an interrupted run's is a stale output (`.tmp-`).
  const fingerprintFile = options.fingerprint ? `${staging}.fingerprint` : undefined;
  const started = performance.now();
  logger.info({ input, outDir, rungs: rungs.map((r) => `${r.width}x${r.height}@${r.fps}`), preset, x264Params }, 'transcode started');

  // One failure stops the other ffmpeg runs before the staging folder is removed under them.
  const stopAll = new AbortController();
  const onAbort = () => stopAll.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();
  const runOptions = { binary: binaries.ffmpeg, signal: stopAll.signal, logger, timeoutMs };

  let thumbnails: StillSize[] = [];
  // The stills' decodes slow the start of the encoding: where the stream may be published early, they
  // wait until it is (or until that chance has passed), so the first seconds reach viewers sooner.
  let earlyPhaseOver: () => void = () => undefined;
  const earlyPhase = new Promise<void>((resolve) => (earlyPhaseOver = resolve));
  const publishesEarly = options.onPlayable !== undefined && info.durationSeconds > (options.fingerprint?.earlySeconds ?? 0);
  if (!publishesEarly) earlyPhaseOver();
  const stills = async () => {
    await earlyPhase;
    const firstFrame = path.join(staging, FIRST_FRAME_NAME);
    await captureFirstFrame(input, firstFrame, runOptions);
    await captureThumbnail(input, path.join(staging, THUMBNAIL_NAME), info, { ...runOptions, firstFrame });
    // Into the staging folder too, so published with everything else by its rename.
    thumbnails = (await writeThumbnailCopies(staging, info, runOptions)) ?? [];
  };
  const writeMaster = async () => {
    const variants = await Promise.all(rungs.map((rung, i) => measureVariant(staging, rung, i)));
    await writeAtomically(path.join(staging, MASTER_PLAYLIST_NAME), masterPlaylist(variants));
    return variants;
  };
  /**
   * Hands the fingerprint of the first `earlySeconds` to `onEarly` once the branch has written them, or of
   * all there is once the encoding is done; nothing when it failed.
   */
  const fingerprintEarly = async (encoding: Promise<unknown>) => {
    const early = options.fingerprint;
    if (!early?.onEarly || !fingerprintFile) return;
    const wanted = Math.ceil(early.earlySeconds * FINGERPRINT_PICTURES_PER_SECOND) * FINGERPRINT_PICTURE_BYTES;
    let outcome = 'encoding' as 'encoding' | 'done' | 'failed';
    void encoding.then(
      () => (outcome = 'done'),
      () => (outcome = 'failed'),
    );
    for (;;) {
      // Read before the file's size: once the encoding is done, the file is whole.
      const now = outcome;
      if (now === 'failed') return;
      const size = await stat(fingerprintFile).then(
        (info) => info.size,
        () => 0,
      );
      if (now === 'encoding' && size < wanted) {
        await new Promise((resolve) => setTimeout(resolve, PLAYABLE_POLL_MS));
        continue;
      }
      await early.onEarly(fingerprintFromPictures(await readStart(fingerprintFile, wanted)));
      return;
    }
  };
  let linked = false;
  /** Publishes early once every rung has its first segments and the early fingerprint was handed over; stops when `encoding` settles. */
  const publishEarly = async (encoding: Promise<unknown>, fingerprinted: Promise<unknown>) => {
    let settled = false;
    void encoding.finally(() => (settled = true)).catch(() => undefined);
    while (!settled) {
      await new Promise((resolve) => setTimeout(resolve, PLAYABLE_POLL_MS));
      if (settled) return;
      const counts = await Promise.all(
        rungs.map((_, i) =>
          readFile(path.join(staging, variantDirName(i), VARIANT_PLAYLIST_NAME), 'utf8').then(
            (playlist) => parseMediaPlaylist(playlist).length,
            () => 0,
          ),
        ),
      );
      if (Math.min(...counts) < PLAYABLE_AFTER_SEGMENTS) continue;
      // Nothing is watchable before the early fingerprint's verdict (ADR 0028).
      await fingerprinted;
      if (settled) return;
      await writeMaster();
      if (settled) return;
      linked = await linkEarly(staging, outDir);
      if (linked) {
        logger.info({ outDir, ms: Math.round(performance.now() - started) }, 'stream playable while encoding');
        // Telling the caller is a courtesy; the transcode goes on regardless.
        await Promise.resolve(options.onPlayable?.(info)).catch((error: unknown) => logger.warn({ err: error }, 'onPlayable failed'));
      }
      return;
    }
  };
  const stream = async () => {
    const encoding = runFfmpeg(hlsArgs({ input, outDir: staging, info, rungs, preset, x264Params, fingerprintOut: fingerprintFile }), {
      ...runOptions,
      onProgress: (seconds) => onProgress?.({ seconds, fraction: Math.min(1, seconds / info.durationSeconds) }),
    });
    const fingerprinted = fingerprintEarly(encoding);
    // Waits for all, so an early link is never made after a failure has cleaned up.
    const [encoded, early, earlyFingerprint] = await Promise.allSettled([
      encoding,
      options.onPlayable ? publishEarly(encoding, fingerprinted).finally(earlyPhaseOver) : undefined,
      fingerprinted,
    ]);
    if (encoded.status === 'rejected') throw encoded.reason;
    if (earlyFingerprint.status === 'rejected') throw earlyFingerprint.reason;
    if (early.status === 'rejected') throw early.reason;
    const result = encoded.value;
    const decodedSeconds = result.frames / rungs[0]!.fps;
    const expected = info.videoDurationSeconds;
    if (decodedSeconds < expected * MIN_DECODED_SHARE && expected - decodedSeconds > DECODED_SLACK_SECONDS) {
      throw new MediaError('not-a-video', { detail: `decoded ${decodedSeconds.toFixed(2)} s of ${expected.toFixed(2)} s: truncated or damaged` });
    }
  };

  try {
    const stale = await removeStaleOutputs(outDir);
    if (stale.length > 0) logger.warn({ stale }, 'removed the leftovers of an interrupted transcode');
    await mkdir(staging, { recursive: true });
    await Promise.all(rungs.map((_, i) => mkdir(path.join(staging, variantDirName(i)))));
    const tasks = [stream(), stills()].map((task) =>
      task.catch((error: unknown) => {
        stopAll.abort(error);
        throw asInputError(error);
      }),
    );
    const errors = (await Promise.allSettled(tasks)).flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    // The first real failure is the cause; the other task's 'aborted' is its consequence.
    if (errors.length > 0) throw errors.find((e) => !(e instanceof MediaError && e.kind === 'aborted')) ?? errors[0];

    await Promise.all(
      rungs.map(async (_, i) => {
        const file = path.join(staging, variantDirName(i), VARIANT_PLAYLIST_NAME);
        await writeAtomically(file, asVodPlaylist(await readFile(file, 'utf8')));
      }),
    );
    const variants = await writeMaster();
    const durationSeconds = variants[0]!.seconds;
    const fingerprint = fingerprintFile ? fingerprintFromPictures(await readStart(fingerprintFile)) : null;
    await publish(staging, outDir);
    logger.info({ outDir, durationSeconds, ms: Math.round(performance.now() - started) }, 'transcode finished');
    return {
      info,
      rungs,
      outDir,
      masterPlaylist: path.join(outDir, MASTER_PLAYLIST_NAME),
      thumbnail: path.join(outDir, THUMBNAIL_NAME),
      thumbnails: thumbnails.map((still) => ({ ...still, path: path.join(outDir, still.name) })),
      stillsVersion: STILLS_VERSION,
      firstFrame: path.join(outDir, FIRST_FRAME_NAME),
      durationSeconds,
      fingerprint,
    };
  } catch (error) {
    if (linked) await unlinkEarly(staging, outDir);
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    if (fingerprintFile) await rm(fingerprintFile, { force: true });
    signal?.removeEventListener('abort', onAbort);
  }
}
