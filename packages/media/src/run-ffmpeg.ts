import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type MediaBinaryName, resolveBinary } from './binaries.ts';
import { MediaError } from './errors.ts';
import { type MediaLogger, silentLogger } from './logger.ts';

export interface RunOptions {
  /** The executable; resolved with `resolveBinary` when absent. */
  binary?: string;
  signal?: AbortSignal;
  logger?: MediaLogger;
  /** Stop the process and reject with kind `timeout` after this long. */
  timeoutMs?: number;
  /** Between SIGTERM and SIGKILL when stopping; ffmpeg usually exits at once on SIGTERM. */
  killGraceMs?: number;
}

export interface RunFfmpegOptions extends RunOptions {
  /** Seconds of output written so far, from `-progress pipe:1` (about twice a second). */
  onProgress?: (seconds: number) => void;
}

/** The last `-progress` report: seconds of output and frames of the first video output. */
export interface FfmpegRunResult {
  outSeconds: number;
  frames: number;
}

export interface ProgressState {
  outSeconds: number;
  frames: number;
}

/**
 * Folds one `-progress` line into `state`; true when the line closes a report (`progress=continue|end`).
 * `out_time_ms` is in microseconds too (an old ffmpeg naming slip), so either key works.
 */
export function readProgressLine(state: ProgressState, line: string): boolean {
  const separator = line.indexOf('=');
  if (separator < 0) return false;
  const key = line.slice(0, separator).trim();
  const value = line.slice(separator + 1).trim();
  // Before the first packet values can be N/A or negative.
  if (/^\d+$/.test(value)) {
    if (key === 'out_time_us' || key === 'out_time_ms') state.outSeconds = Number(value) / 1_000_000;
    else if (key === 'frame') state.frames = Number(value);
  }
  return key === 'progress';
}

const STDERR_TAIL_CHARS = 4000;

function tail(text: string): string {
  return text.length > STDERR_TAIL_CHARS ? text.slice(-STDERR_TAIL_CHARS) : text;
}

interface SpawnOptions extends RunOptions {
  name: MediaBinaryName;
  onStdout: (chunk: string) => void;
}

/** util-linux's setpriv, which can give ffmpeg a parent-death signal; undefined where there is none. */
const DIES_WITH_PARENT = process.platform === 'linux' ? ['/usr/bin/setpriv', '/bin/setpriv'].find((file) => existsSync(file)) : undefined;

/** How much nicer than the server ffmpeg runs (0 to 19; 10 leaves the API the CPU whenever it needs it). */
export const FFMPEG_NICENESS = 10;

function lowerPriority(pid: number, logger: MediaLogger) {
  try {
    os.setPriority(pid, Math.min(19, os.getPriority() + FFMPEG_NICENESS));
  } catch (error) {
    logger.debug({ err: error }, 'could not lower the priority of ffmpeg');
  }
}

async function runProcess(args: readonly string[], options: SpawnOptions): Promise<void> {
  const { name, signal, timeoutMs, killGraceMs = 2000, logger = silentLogger } = options;
  if (signal?.aborted) throw new MediaError('aborted', { detail: `${name} not started: aborted`, cause: signal.reason });
  const binary = options.binary ?? (await resolveBinary(name));
  const started = performance.now();
  logger.debug({ binary, args }, `${name} started`);

  return new Promise<void>((resolve, reject) => {
    // Through setpriv where there is one (Linux), so the kernel stops ffmpeg when the process that started it
    // dies, kill -9 included: an orphan encoder would go on competing with the restarted server for the CPU.
    // (A binary that is not there is started directly, so the failure to start is reported as such.)
    const child =
      DIES_WITH_PARENT && existsSync(binary)
        ? spawn(DIES_WITH_PARENT, ['--pdeathsig', 'KILL', '--', binary, ...args], { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true })
        : spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    // Encoding must never starve the API beside it (ADR 0025): ffmpeg runs below the server's priority.
    if (name === 'ffmpeg' && child.pid !== undefined) lowerPriority(child.pid, logger);
    let stderr = '';
    let stopReason: 'aborted' | 'timeout' | null = null;
    let killTimer: NodeJS.Timeout | undefined;

    const stop = (reason: 'aborted' | 'timeout') => {
      if (stopReason || child.exitCode !== null || child.signalCode !== null) return;
      stopReason = reason;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), killGraceMs);
      killTimer.unref();
    };
    const onAbort = () => stop('aborted');
    signal?.addEventListener('abort', onAbort, { once: true });
    const timeoutTimer = timeoutMs === undefined ? undefined : setTimeout(() => stop('timeout'), timeoutMs);

    child.stdout.setEncoding('utf8').on('data', options.onStdout);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = tail(stderr + chunk);
    });

    const finish = (error: MediaError | null) => {
      signal?.removeEventListener('abort', onAbort);
      clearTimeout(timeoutTimer);
      clearTimeout(killTimer);
      const ms = Math.round(performance.now() - started);
      if (!error) {
        logger.debug({ binary, ms }, `${name} finished`);
        resolve();
        return;
      }
      logger.debug({ binary, ms, kind: error.kind, exitCode: error.exitCode, detail: error.detail }, `${name} failed`);
      reject(error);
    };

    child.on('error', (error) => {
      finish(new MediaError('ffmpeg-failed', { detail: `${path.basename(binary)} could not start: ${error.message}`, cause: error }));
    });
    child.on('close', (code, killedBy) => {
      const stderrTail = stderr.trim();
      if (stopReason === 'timeout') {
        finish(new MediaError('timeout', { detail: `${name} ran longer than ${timeoutMs} ms\n${stderrTail}`, exitCode: code }));
      } else if (stopReason === 'aborted') {
        finish(new MediaError('aborted', { detail: `${name} stopped: aborted`, exitCode: code, cause: signal?.reason }));
      } else if (code === 0) {
        finish(null);
      } else {
        const status = code === null ? `was killed by ${killedBy}` : `exited with code ${code}`;
        // A full disk is ours, not the video's: the cause says so (ENOSPC), for an answer that says so too.
        const noSpace = /No space left on device/i.test(stderrTail) ? Object.assign(new Error('No space left on device'), { code: 'ENOSPC' }) : undefined;
        finish(new MediaError('ffmpeg-failed', { detail: `${name} ${status}\n${stderrTail}`, exitCode: code, cause: noSpace }));
      }
    });
  });
}

/**
 * Runs ffmpeg with `args` (from the builders in this package). Progress is read from stdout, so pass
 * `-progress pipe:1` for `onProgress`. Rejects with a MediaError: `ffmpeg-failed` (exitCode and the
 * stderr tail in `detail`), `aborted` or `timeout`; a stopped process gets SIGTERM, then SIGKILL.
 */
export async function runFfmpeg(args: readonly string[], options: RunFfmpegOptions = {}): Promise<FfmpegRunResult> {
  const state: ProgressState = { outSeconds: 0, frames: 0 };
  let pending = '';
  await runProcess(args, {
    ...options,
    name: 'ffmpeg',
    onStdout: (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (readProgressLine(state, line)) options.onProgress?.(state.outSeconds);
      }
    },
  });
  return { outSeconds: state.outSeconds, frames: state.frames };
}

/** Runs ffprobe and resolves with its stdout; rejects like `runFfmpeg`. */
export async function runFfprobe(args: readonly string[], options: RunOptions = {}): Promise<string> {
  const chunks: string[] = [];
  await runProcess(args, { ...options, name: 'ffprobe', onStdout: (chunk) => chunks.push(chunk) });
  return chunks.join('');
}
