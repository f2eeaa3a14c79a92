import { resolveBinary, runFfmpeg } from '@flick/media';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from '../../e2e/support/db.ts';

/**
 * What `bench:feed-web` needs to measure the feed while the server transcodes (ADR 0025: encoding
 * never starves the API): a 1080x1920 phone-like source, a creator who keeps one uploaded through
 * the real upload API and transcoding all the time, and a look at the server's ffmpeg processes in
 * /proc (Linux): whether one runs, at which niceness, and the CPU it and the server take.
 */

/** A 1080x1920 30 fps clip with moving noise and sound at ~15 Mb/s, like a phone's (made once, kept in the temp folder). */
export async function phoneClip1080p(seconds: number): Promise<string> {
  const file = path.join(os.tmpdir(), `flick-bench-1080x1920-${seconds}s.mp4`);
  if (fs.existsSync(file)) return file;
  console.log(`Generating a ${seconds} s 1080x1920 source (once, kept as ${path.basename(file)})...`);
  const partial = `${file}.partial-${process.pid}.mp4`;
  await runFfmpeg(
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=s=1080x1920:r=30:d=${seconds},noise=alls=20:allf=t`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      'high',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      '15M',
      '-maxrate',
      '18M',
      '-bufsize',
      '30M',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-shortest',
      '-movflags',
      '+faststart',
      partial,
    ],
    { binary: await resolveBinary('ffmpeg') },
  );
  fs.renameSync(partial, file);
  return file;
}

interface ProcStat {
  pid: number;
  comm: string;
  ppid: number;
  /** utime + stime, in clock ticks. */
  ticks: number;
  nice: number;
}

/** /proc/<pid>/stat (or a thread's /proc/<pid>/task/<tid>/stat), or null when it is gone. */
function readStat(file: string): ProcStat | null {
  try {
    const text = fs.readFileSync(file, 'utf8');
    const open = text.indexOf('(');
    const close = text.lastIndexOf(')');
    // After "pid (comm) ": state is field 3 of proc(5), so field n is at n - 3.
    const rest = text.slice(close + 2).split(' ');
    return {
      pid: Number(text.slice(0, open)),
      comm: text.slice(open + 1, close),
      ppid: Number(rest[1]),
      ticks: Number(rest[11]) + Number(rest[12]),
      nice: Number(rest[16]),
    };
  } catch {
    return null;
  }
}

function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** The ffmpeg processes working on files of the bench server's DATA_DIR. */
function serverFfmpegs(dataDir: string): ProcStat[] {
  const found: ProcStat[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(`/proc/${entry}/stat`);
    if (stat?.comm === 'ffmpeg' && cmdline(stat.pid).includes(dataDir)) found.push(stat);
  }
  return found;
}

/** The niceness of every thread of a process: ffmpeg's encoder threads must have inherited the lowered one. */
function threadNiceness(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .map((tid) => readStat(`/proc/${pid}/task/${tid}/stat`)?.nice)
      .filter((nice): nice is number => nice !== undefined);
  } catch {
    return [];
  }
}

const range = (values: number[]) =>
  values.length === 0 ? '?' : Math.min(...values) === Math.max(...values) ? String(values[0]) : `${Math.min(...values)}..${Math.max(...values)}`;

/**
 * Samples the server's ffmpeg processes every 100 ms while `work` runs: the share of samples with one
 * running, and the CPU ffmpeg and the server (ffmpeg's parent) used in the meantime.
 */
export async function watchTranscoding<T>(dataDir: string, work: () => Promise<T>) {
  const ffmpegTicks = new Map<number, { first: number; last: number }>();
  let serverPid: number | null = null;
  const serverTicks = { first: NaN, last: NaN };
  let samples = 0;
  let busy = 0;
  const sample = () => {
    samples += 1;
    const running = serverFfmpegs(dataDir);
    if (running.length > 0) busy += 1;
    for (const ffmpeg of running) {
      const seen = ffmpegTicks.get(ffmpeg.pid);
      ffmpegTicks.set(ffmpeg.pid, { first: seen?.first ?? ffmpeg.ticks, last: ffmpeg.ticks });
      serverPid ??= ffmpeg.ppid;
    }
    const server = serverPid === null ? null : readStat(`/proc/${serverPid}/stat`);
    if (server) {
      if (Number.isNaN(serverTicks.first)) serverTicks.first = server.ticks;
      serverTicks.last = server.ticks;
    }
  };
  sample();
  const timer = setInterval(sample, 100);
  const started = performance.now();
  try {
    const result = await work();
    sample();
    const tick = 100; // USER_HZ on Linux
    let ffmpegSeconds = 0;
    for (const { first, last } of ffmpegTicks.values()) ffmpegSeconds += (last - first) / tick;
    return {
      result,
      busyShare: samples > 0 ? busy / samples : 0,
      wallSeconds: (performance.now() - started) / 1000,
      ffmpegCpuSeconds: ffmpegSeconds,
      serverCpuSeconds: (serverTicks.last - serverTicks.first) / tick,
    };
  } finally {
    clearInterval(timer);
  }
}

/** Waits until the server runs an ffmpeg (a transcode is on). */
export async function untilTranscoding(dataDir: string, timeoutMs = 180_000): Promise<ProcStat> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [ffmpeg] = serverFfmpegs(dataDir);
    if (ffmpeg) return ffmpeg;
    if (Date.now() > until) throw new Error(`no transcode started within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * At which niceness the transcode's ffmpeg threads and the server's run: the ffmpeg with the most
 * threads over a few seconds (an upload's first-frame capture is a one-thread ffmpeg too).
 */
export async function priorities(dataDir: string): Promise<string> {
  await untilTranscoding(dataDir);
  let widest: { pid: number; ppid: number; nice: number[] } | null = null;
  for (let look = 0; look < 25; look += 1) {
    for (const ffmpeg of serverFfmpegs(dataDir)) {
      const nice = threadNiceness(ffmpeg.pid);
      if (nice.length > (widest?.nice.length ?? 0)) widest = { pid: ffmpeg.pid, ppid: ffmpeg.ppid, nice };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!widest) return 'ffmpeg ended before its threads could be read';
  return (
    `ffmpeg (pid ${widest.pid}): ${widest.nice.length} threads at nice ${range(widest.nice)}; ` +
    `the server (pid ${widest.ppid}): threads at nice ${range(threadNiceness(widest.ppid))}; ${os.cpus().length} cores`
  );
}

/**
 * A creator who keeps the server transcoding: two uploads of `clip` outstanding at all times (one
 * transcoding, the next waiting in the queue, so the worker picks it up as soon as the first is done),
 * through POST /v1/videos/upload as the app sends it. The videos get no details, so they are never
 * published and the feed under test stays the same.
 */
export function keepTranscoding(base: string, token: string, clip: string) {
  const pending = new Set<number>();
  let uploading = true;
  let done = 0;
  let failed = 0;
  const upload = async () => {
    const form = new FormData();
    form.append('video', await fs.openAsBlob(clip, { type: 'video/mp4' }), path.basename(clip));
    const res = await fetch(`${base}/v1/videos/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { videoId: number }).videoId;
  };
  let filled: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (filled = resolve));
  // Until told to stop, then until what was queued has transcoded too.
  const loop = async () => {
    while (uploading || pending.size > 0) {
      while (uploading && pending.size < 2) pending.add(await upload());
      filled();
      const rows = await sql('select id, status, processed_at from videos where id = any($1::bigint[])', [[...pending]]);
      for (const row of rows) {
        if (row.processed_at === null && row.status !== 'error') continue;
        pending.delete(Number(row.id));
        if (row.status === 'error') failed += 1;
        else done += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  let error: unknown = null;
  const running = loop().catch((reason: unknown) => {
    error = reason;
  });
  return {
    /** Once both first uploads have been answered: one transcoding, one queued, no upload in flight. */
    ready: () => Promise.race([ready, running.then(() => (error ? Promise.reject(error as Error) : undefined))]),
    /** Uploads no more; says how many transcodes have finished so far. */
    stop() {
      uploading = false;
      return { transcoded: done, failed, queued: pending.size };
    },
    /** After stop: resolves once the queued uploads have transcoded; throws if an upload failed. */
    async drained() {
      await running;
      if (error) throw error;
      return { transcoded: done, failed };
    },
  };
}

/** Waits until the server has run no ffmpeg for `quietMs`. */
export async function untilNoFfmpeg(dataDir: string, quietMs = 2000): Promise<void> {
  let quietSince = Date.now();
  for (;;) {
    if (serverFfmpegs(dataDir).length > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
