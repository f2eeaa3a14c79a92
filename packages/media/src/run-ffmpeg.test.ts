import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { MediaError } from './errors.ts';
import { FFMPEG_NICENESS, type ProgressState, readProgressLine, runFfmpeg, runFfprobe } from './run-ffmpeg.ts';

/** Node stands in for ffmpeg: `-e <script>` runs the script. */
const fake = (script: string) => ['-e', script];
const node = process.execPath;

describe('readProgressLine', () => {
  it('reads seconds and frames, and ends a report at "progress"', () => {
    const state: ProgressState = { outSeconds: 0, frames: 0 };
    expect(readProgressLine(state, 'frame=45')).toBe(false);
    expect(readProgressLine(state, 'out_time_us=1500000')).toBe(false);
    expect(readProgressLine(state, 'out_time=00:00:01.500000')).toBe(false);
    expect(readProgressLine(state, 'progress=continue')).toBe(true);
    expect(state).toEqual({ outSeconds: 1.5, frames: 45 });
  });

  it('ignores N/A and junk', () => {
    const state: ProgressState = { outSeconds: 2, frames: 3 };
    readProgressLine(state, 'out_time_us=N/A');
    readProgressLine(state, 'frame=');
    readProgressLine(state, 'garbage');
    expect(state).toEqual({ outSeconds: 2, frames: 3 });
  });
});

describe('runFfmpeg', () => {
  it('reports progress from stdout and resolves with the last report', async () => {
    const seen: number[] = [];
    const script = `process.stdout.write('frame=10\\nout_time_us=500000\\nprogress=cont'); setTimeout(() => process.stdout.write('inue\\nframe=20\\nout_time_ms=1000000\\nprogress=end\\n'), 20);`;
    const result = await runFfmpeg(fake(script), { binary: node, onProgress: (s) => seen.push(s) });
    expect(seen).toEqual([0.5, 1]);
    expect(result).toEqual({ outSeconds: 1, frames: 20 });
  });

  it('runs the encoder at a lower CPU priority than the server, so the API keeps answering while it encodes', async () => {
    // The stand-in says its own niceness on stderr and fails, so the error carries it.
    const script = `process.stderr.write('nice=' + require('node:os').getPriority()); process.exit(1);`;
    const error = (await runFfmpeg(fake(script), { binary: node }).catch((e: unknown) => e)) as MediaError;
    expect(error.detail).toContain(`nice=${Math.min(19, os.getPriority() + FFMPEG_NICENESS)}`);
  });

  it('rejects a failed run with the exit code and the stderr tail', async () => {
    const script = `process.stderr.write('x'.repeat(10000) + '\\nmoov atom not found\\n'); process.exit(1);`;
    const error = await runFfmpeg(fake(script), { binary: node }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect(error).toMatchObject({ kind: 'ffmpeg-failed', exitCode: 1, retryable: true });
    expect((error as MediaError).detail).toMatch(/^ffmpeg exited with code 1\n/);
    expect((error as MediaError).detail).toMatch(/moov atom not found$/);
    expect((error as MediaError).detail.length).toBeLessThan(4100);
  });

  it('stops the process on abort, with SIGKILL when it ignores SIGTERM', async () => {
    const controller = new AbortController();
    const script = `process.on('SIGTERM', () => {}); process.stdout.write('progress=continue\\n'); setInterval(() => {}, 1000);`;
    const started = performance.now();
    const run = runFfmpeg(fake(script), { binary: node, signal: controller.signal, killGraceMs: 100, onProgress: () => controller.abort() });
    await expect(run).rejects.toMatchObject({ kind: 'aborted' });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('does not start when already aborted', async () => {
    await expect(runFfmpeg(fake(''), { binary: node, signal: AbortSignal.abort() })).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('stops a run that takes too long', async () => {
    await expect(runFfmpeg(fake('setInterval(() => {}, 1000)'), { binary: node, timeoutMs: 100 })).rejects.toMatchObject({
      kind: 'timeout',
      message: 'We could not process this video. Please try again.',
    });
  });

  it('rejects when the binary cannot start', async () => {
    await expect(runFfmpeg([], { binary: '/nonexistent/ffmpeg' })).rejects.toMatchObject({ kind: 'ffmpeg-failed', exitCode: null });
  });
});

describe('runFfprobe', () => {
  it('resolves with stdout', async () => {
    await expect(runFfprobe(fake(`process.stdout.write('{"streams":[]}')`), { binary: node })).resolves.toBe('{"streams":[]}');
  });
});
