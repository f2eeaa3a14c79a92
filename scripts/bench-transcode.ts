import { execFile, execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEFAULT_PRESET,
  DEFAULT_X264_PARAMS,
  MASTER_PLAYLIST_NAME,
  type X264Preset,
  probe,
  resolveBinaries,
  runFfmpeg,
  transcodeToHls,
  variantDirName,
} from '@flick/media';

/**
 * `npm run bench:transcode [-- --preset veryfast --x264-params me=dia:subme=1]`: a 60 s 1080x1920 30 fps clip with sound through
 * the whole ladder (ADR 0026: goal >= 1.5x real time on 2 cores, one decode for all rungs, with each
 * rung's SSIM printed to show the quality holds).
 * The source is generated once and cached in the temp folder: testsrc2 with moving noise, encoded like
 * a phone would (H.264 high, ~15 Mb/s), so the decoder and encoders both work for real.
 */
const GOAL_SPEED = 1.5;
const { values } = parseArgs({
  options: { preset: { type: 'string', default: DEFAULT_PRESET }, 'x264-params': { type: 'string', default: DEFAULT_X264_PARAMS } },
});
const preset = values.preset as X264Preset;
const x264Params = values['x264-params'];

/**
 * CPU seconds used by finished child processes (Linux /proc), so the figure can be read apart from
 * other work on the machine: wall time suffers when something else runs, CPU time hardly does.
 */
async function childCpuSeconds(): Promise<number | null> {
  try {
    const fields = (await readFile('/proc/self/stat', 'utf8')).split(') ')[1]!.split(' ');
    const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString());
    return (Number(fields[13]) + Number(fields[14])) / ticksPerSecond;
  } catch {
    return null;
  }
}

const binaries = await resolveBinaries();
const cacheDir = path.join(os.tmpdir(), 'flick-bench-transcode');
const source = path.join(cacheDir, 'source-60s-1080x1920-30fps.mp4');

async function ensureSource(): Promise<void> {
  if (
    await stat(source).then(
      () => true,
      () => false,
    )
  )
    return;
  console.log(`generating ${source} (once; about two minutes)...`);
  const partial = `${source}.partial-${process.pid}.mp4`;
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
      'testsrc2=s=1080x1920:r=30:d=60,noise=alls=20:allf=t',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000:duration=60',
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
    { binary: binaries.ffmpeg },
  );
  await rename(partial, source);
}

async function folderBytes(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true });
  const sizes = await Promise.all(entries.map((e) => (e.isDirectory() ? folderBytes(path.join(dir, e.name)) : stat(path.join(dir, e.name)).then((s) => s.size))));
  return sizes.reduce((a, b) => a + b, 0);
}

const SSIM_SECONDS = Number(process.env.BENCH_SSIM_SECONDS ?? 20);
/**
 * "Good" on SSIM's usual reading for delivery encodes. The source is grain on a test card, the hardest
 * case for a capped bitrate: the figure to watch is each rung's against the one before a change.
 */
const GOAL_SSIM = 0.88;

/** SSIM of a rung's stream against the source scaled to its size (ffmpeg's ssim filter, "All"). */
async function rungSsim(playlist: string, width: number, height: number): Promise<{ ssim: number; db: number }> {
  const { stderr } = await new Promise<{ stderr: string }>((resolve, reject) => {
    execFile(
      binaries.ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-t',
        String(SSIM_SECONDS),
        '-i',
        playlist,
        '-t',
        String(SSIM_SECONDS),
        '-i',
        source,
        '-lavfi',
        `[1:v]scale=${width}:${height}:flags=lanczos,setsar=1[ref];[0:v]setsar=1[out];[out][ref]ssim`,
        '-f',
        'null',
        '-',
      ],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) => (error ? reject(error) : resolve({ stderr })),
    );
  });
  const match = /All:([\d.]+) \(([\d.]+|inf)\)/.exec(stderr);
  if (!match) throw new Error(`no SSIM in ffmpeg's output: ${stderr.slice(-500)}`);
  return { ssim: Number(match[1]), db: Number(match[2]) };
}

await mkdir(cacheDir, { recursive: true });
await ensureSource();
const work = await mkdtemp(path.join(os.tmpdir(), 'flick-bench-out-'));
const outDir = path.join(work, 'video');

try {
  const load = os.loadavg()[0]!;
  const cpuBefore = await childCpuSeconds();
  const started = performance.now();
  const info = await probe(source, { binary: binaries.ffprobe });
  const probeSeconds = (performance.now() - started) / 1000;
  const result = await transcodeToHls({ input: source, outDir, info, binaries, preset, x264Params });
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = await childCpuSeconds();
  await stat(path.join(outDir, MASTER_PLAYLIST_NAME));

  const speed = info.durationSeconds / seconds;
  const cores = os.cpus().length;
  console.log(`ffmpeg:    ${binaries.ffmpeg}, x264 preset ${preset}, x264-params "${x264Params}"`);
  console.log(`machine:   ${cores} CPU cores, load average ${load.toFixed(2)} at the start (other work slows the wall-clock figures)`);
  console.log(
    `source:    ${info.displayWidth}x${info.displayHeight} ${info.fps} fps ${info.videoCodec}/${info.audioCodec}, ` +
      `${info.durationSeconds.toFixed(1)} s, ${(info.sizeBytes / 1e6).toFixed(1)} MB`,
  );
  const master = await readFile(result.masterPlaylist, 'utf8');
  for (const [i, rung] of result.rungs.entries()) {
    const dir = path.join(outDir, variantDirName(i));
    const bytes = await folderBytes(dir);
    const segments = (await readFile(path.join(dir, 'index.m3u8'), 'utf8')).match(/^#EXTINF/gm)?.length ?? 0;
    const peak = new RegExp(`BANDWIDTH=(\\d+)[^\\n]*\\n${variantDirName(i)}/`).exec(master)?.[1];
    console.log(
      `rung ${i}:    ${rung.width}x${rung.height} ${rung.fps} fps, x264 maxrate ${rung.maxBitrate / 1000} kb/s; with audio: ` +
        `average ${((bytes * 8) / result.durationSeconds / 1000).toFixed(0)} kb/s, peak 2 s ${(Number(peak) / 1000).toFixed(0)} kb/s, ${segments} segments`,
    );
  }
  console.log(`probe:     ${probeSeconds.toFixed(2)} s`);
  console.log(`wall time: ${seconds.toFixed(1)} s for ${result.durationSeconds.toFixed(1)} s of video (probe, HLS ladder, thumbnail, first frame, publish)`);
  console.log(`speed:     ${speed.toFixed(2)}x real time (goal >= ${GOAL_SPEED}x: ${speed >= GOAL_SPEED ? 'met' : 'NOT met'})`);
  if (cpuBefore !== null && cpuAfter !== null) {
    const cpu = cpuAfter - cpuBefore;
    const idleSpeed = info.durationSeconds / (cpu / cores);
    console.log(
      `cpu:       ${cpu.toFixed(1)} CPU seconds in ffmpeg/ffprobe (${(cpu / info.durationSeconds).toFixed(2)} per second of video); ` +
        `with all ${cores} cores to itself at most ${idleSpeed.toFixed(2)}x`,
    );
  }
  console.log(`playable:  master playlist published ${seconds.toFixed(1)} s after the start (written whole, then renamed into place)`);

  // Quality, measured rather than judged by eye: each rung's SSIM against the source scaled to the
  // rung's size with lanczos (this ffmpeg build has no libvmaf), over the first SSIM_SECONDS.
  for (const [i, rung] of result.rungs.entries()) {
    const { ssim, db } = await rungSsim(path.join(outDir, variantDirName(i), 'index.m3u8'), rung.width, rung.height);
    console.log(`ssim ${i}:    ${rung.width}x${rung.height}: ${ssim.toFixed(4)} (${db.toFixed(2)} dB) over the first ${SSIM_SECONDS} s (goal >= ${GOAL_SSIM})`);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
