import { createReadStream } from 'node:fs';
import { lstat, mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { videoMessages } from '@flick/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captureFirstFrame,
  fingerprintVideo,
  type MediaBinaries,
  MediaError,
  type MediaInfo,
  probe,
  PLAYABLE_AFTER_SEGMENTS,
  parseMediaPlaylist,
  plannedSegmentSeconds,
  resolveBinaries,
  runFfmpeg,
  runFfprobe,
  thumbnailSizes,
  transcodeToHls,
  type VideoFingerprint,
  writeThumbnailCopies,
} from '../src/index.ts';
import { type CorpusItem, type HostileCorpus, generateCorpus, generateHostileCorpus } from './corpus.ts';

let work: string;
let outRoot: string;
let binaries: MediaBinaries;
let corpus: CorpusItem[];

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'flick-media-'));
  outRoot = path.join(work, 'out');
  await mkdir(outRoot);
  binaries = await resolveBinaries();
  corpus = await generateCorpus(work, binaries.ffmpeg);
});
afterAll(() => rm(work, { recursive: true, force: true }));

interface ProbedStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
}

/** Our own outputs (playlists, JPEGs), which the upload guard of `probeArgs` would rightly refuse. */
async function ffprobe(file: string): Promise<{ streams: ProbedStream[]; format: { duration: string } }> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file];
  return JSON.parse(await runFfprobe(args, { binary: binaries.ffprobe })) as { streams: ProbedStream[]; format: { duration: string } };
}

/** Average brightness (0-255) of a picture's luma. */
async function brightness(image: string): Promise<number> {
  const args = ['-v', 'error', '-f', 'lavfi', '-i', `movie=${image},signalstats`, '-show_entries', 'frame_tags=lavfi.signalstats.YAVG', '-of', 'json'];
  const output = JSON.parse(await runFfprobe(args, { binary: binaries.ffprobe })) as { frames: { tags: Record<string, string> }[] };
  return Number(output.frames[0]!.tags['lavfi.signalstats.YAVG']);
}

function item(name: string): CorpusItem {
  const found = corpus.find((c) => c.name === name);
  if (!found) throw new Error(`no corpus item "${name}"`);
  return found;
}

/** Whatever `outRoot` holds for this output name: the folder, and any temporary or retired sibling. */
async function leftovers(name: string): Promise<string[]> {
  return (await readdir(outRoot)).filter((entry) => entry.startsWith(name));
}

const playable = [
  'vertical 1080x1920 30 fps with sound',
  'landscape 1280x720 25 fps',
  'phone .mov with rotation metadata',
  'no audio',
  'variable frame rate',
  '60 fps',
  'HEVC',
  'VP9 in WebM',
  'Matroska (.mkv), as OBS records',
  'MPEG-TS, as a stream is recorded',
  'FLV, as older cam software records',
  'AVI',
  'odd dimensions 541x963',
  'a 1 s clip',
  'dark for its first 1.6 s',
  'black throughout (the thumbnail falls back to a dark frame)',
];

describe('transcodeToHls plays', () => {
  it.each(playable)('%s', async (name) => {
    const { file, expected } = item(name);
    if (!expected.plays) throw new Error('a playable item');
    const source = await probe(file, { binary: binaries.ffprobe });
    const outName = path.basename(file).replace(/\W/g, '-');
    const outDir = path.join(outRoot, outName);
    const result = await transcodeToHls({ input: file, outDir, info: source, binaries, fingerprint: { earlySeconds: 20 } });

    expect(await leftovers(outName)).toEqual([outName]);
    // Its fingerprint, from the transcode's own decode, is byte for byte the one the file gives alone (ADR 0028).
    expect(result.fingerprint).toEqual(await fingerprintVideo(file, { binary: binaries.ffmpeg }));
    expect(result.masterPlaylist).toBe(path.join(outDir, 'master.m3u8'));
    const master = await readFile(result.masterPlaylist, 'utf8');
    expect(master.match(/RESOLUTION=\d+x\d+/g)!.sort()).toEqual(result.rungs.map((r) => `RESOLUTION=${r.width}x${r.height}`).sort());
    for (const [, peak, average] of master.matchAll(/BANDWIDTH=(\d+),AVERAGE-BANDWIDTH=(\d+)/g)) {
      expect(Number(average)).toBeGreaterThan(0);
      expect(Number(peak)).toBeGreaterThanOrEqual(Number(average));
    }

    const top = await ffprobe(path.join(outDir, 'v0', 'index.m3u8'));
    const picture = top.streams.find((s) => s.codec_type === 'video')!;
    expect(picture).toMatchObject({ codec_name: 'h264', width: expected.width, height: expected.height, avg_frame_rate: `${expected.fps}/1` });
    expect(top.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    expect(Math.abs(Number(top.format.duration) - source.durationSeconds)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(result.durationSeconds - source.durationSeconds)).toBeLessThanOrEqual(0.1);

    for (const [i] of result.rungs.entries()) {
      const playlist = await readFile(path.join(outDir, `v${i}`, 'index.m3u8'), 'utf8');
      const segments = [...playlist.matchAll(/^#EXTINF:([\d.]+),/gm)].map((m) => Number(m[1]));
      const planned = plannedSegmentSeconds(source.durationSeconds);
      expect(segments.length).toBe(planned.length);
      for (const [n, seconds] of segments.slice(0, -1).entries()) expect(seconds).toBeCloseTo(planned[n]!, 1);
      expect(segments.at(-1)).toBeLessThanOrEqual(planned.at(-1)! + 0.1);
    }

    const isVertical = expected.height > expected.width;
    for (const still of [result.thumbnail, result.firstFrame]) {
      const image = (await ffprobe(still)).streams[0]!;
      expect(image.height! > image.width!).toBe(isVertical);
      expect(Math.min(image.width!, image.height!)).toBeLessThanOrEqual(720);
    }
    // The grid's copy: 360 on its short side, exactly the size thumbnailSizes promises the API.
    expect(result.thumbnails.map((t) => t.name)).toEqual(Math.min(expected.width, expected.height) > 360 ? ['thumbnail-360.jpg', 'thumbnail.jpg'] : ['thumbnail.jpg']);
    const [smallest] = result.thumbnails;
    const image = (await ffprobe(smallest!.path)).streams[0]!;
    expect({ width: image.width, height: image.height }).toEqual({ width: smallest!.width, height: smallest!.height });
    expect(result.thumbnails).toEqual(thumbnailSizes(source).map((t) => ({ ...t, path: path.join(outDir, t.name) })));
  });
});

describe('writeThumbnailCopies', () => {
  it('writes the 360 copy beside a published thumbnail through a temporary name, and skips a folder without one', async () => {
    const dir = path.join(work, 'published-stills');
    await mkdir(dir);
    const source = ['-f', 'lavfi', '-i', 'testsrc2=size=720x1280:rate=1'];
    await runFfmpeg(['-v', 'error', '-y', ...source, '-frames:v', '1', path.join(dir, 'thumbnail.jpg')], { binary: binaries.ffmpeg });

    const sizes = await writeThumbnailCopies(dir, { displayWidth: 1080, displayHeight: 1920 }, { binary: binaries.ffmpeg });
    expect(sizes).toEqual([
      { name: 'thumbnail-360.jpg', width: 360, height: 640 },
      { name: 'thumbnail.jpg', width: 720, height: 1280 },
    ]);
    expect((await readdir(dir)).sort()).toEqual(['thumbnail-360.jpg', 'thumbnail.jpg']);
    const image = (await ffprobe(path.join(dir, 'thumbnail-360.jpg'))).streams[0]!;
    expect(image).toMatchObject({ codec_name: 'mjpeg', width: 360, height: 640 });

    const empty = path.join(work, 'no-stills');
    await mkdir(empty);
    expect(await writeThumbnailCopies(empty, { displayWidth: 1080, displayHeight: 1920 }, { binary: binaries.ffmpeg })).toBeNull();
    expect(await readdir(empty)).toEqual([]);
  });
});

describe('transcodeToHls refuses', () => {
  const broken = [
    'truncated mp4',
    'truncated fast-start mp4',
    'damaged mp4',
    'a zip renamed .mp4',
    'a text file renamed .mp4',
    'a PNG renamed .mp4',
    'longer than 30 minutes',
  ];
  it.each(broken)('%s, leaving nothing behind', async (name) => {
    const { file, expected } = item(name);
    if (expected.plays) throw new Error('a broken item');
    const outName = path.basename(file).replace(/\W/g, '-');
    const error = await transcodeToHls({ input: file, outDir: path.join(outRoot, outName), binaries }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect(error).toMatchObject({ kind: expected.kind, message: expected.message, retryable: false });
    expect(await leftovers(outName)).toEqual([]);
  });
});

describe('an upload that names other files is refused, and none of them is read', () => {
  let hostile: HostileCorpus;
  /** What probing the secret itself says: as if a probe had let the upload through. */
  let secretInfo: MediaInfo;
  let server: Server;
  const requests: string[] = [];
  beforeAll(async () => {
    const root = path.join(work, 'hostile');
    // Serves the same private files over HTTP, and notes every request.
    server = createServer((request, response) => {
      requests.push(request.url ?? '');
      createReadStream(path.join(root, 'private', 'originals', path.basename(request.url ?? '')))
        .on('error', () => response.writeHead(404).end())
        .pipe(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    hostile = await generateHostileCorpus(root, binaries.ffmpeg, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    secretInfo = await probe(hostile.secret, { binary: binaries.ffprobe });
  });
  afterAll(() => new Promise<unknown>((resolve) => server.close(resolve)));

  const hostileItem = (name: string) => {
    const found = hostile.items.find((c) => c.name === name);
    if (!found) throw new Error(`no hostile corpus item "${name}"`);
    return found;
  };
  const exists = (file: string) =>
    stat(file).then(
      () => true,
      () => false,
    );
  /** Short enough that a run waiting on the FIFO ends inside the test, as a timeout rather than a refusal. */
  const timeoutMs = 10_000;
  const refusal = { kind: 'not-a-video', message: videoMessages.notAVideo };

  it.each([
    'a DASH manifest naming a file: URL',
    'a DASH manifest naming an http: URL',
    'a DASH manifest naming a relative URL',
    'a DASH manifest naming a FIFO, which holds whoever opens it',
    'an HLS playlist named .mp4 naming a file: segment',
    'an HLS playlist named .mp4 naming an http: segment',
    'an HLS playlist named .mp4 naming a relative segment',
    'an HLS playlist named .mp4 naming a FIFO, which holds whoever opens it',
    'an HLS playlist naming a concat: URL',
    'an HLS playlist naming a subfile: URL',
    'an ffconcat file naming another original',
    'an SVG naming a picture',
    'an image2 sequence pattern',
  ])(`%s: "${videoMessages.notAVideo}"`, async (name) => {
    const { file } = hostileItem(name);
    await expect(probe(file, { binary: binaries.ffprobe, timeoutMs })).rejects.toMatchObject(refusal);

    const frame = path.join(work, 'hostile', `${path.basename(file)}-first-frame.jpg`);
    // Its detail (ffmpeg's exit and stderr) is printed if this ever fails: one fresh-clone run saw 'ffmpeg-failed' here once.
    const firstFrameError = await captureFirstFrame(file, frame, { binary: binaries.ffmpeg, timeoutMs }).then(
      () => undefined,
      (error: unknown) => error as { detail?: string; exitCode?: number | null },
    );
    expect(firstFrameError, `${firstFrameError?.detail} (exit ${firstFrameError?.exitCode})`).toMatchObject(refusal);
    expect(await exists(frame)).toBe(false);

    // The stills and the ladder read the upload through the same guard, whatever a probe said.
    const outName = `hostile-${path.basename(file).replace(/\W/g, '-')}`;
    const transcode = transcodeToHls({ input: file, outDir: path.join(outRoot, outName), info: secretInfo, binaries, timeoutMs });
    await expect(transcode).rejects.toMatchObject({ ...refusal, retryable: false });
    expect(await leftovers(outName)).toEqual([]);

    expect(requests).toEqual([]);
  });

  it('still reads the private original itself: the corpus names a real video', () => {
    expect(secretInfo).toMatchObject({ width: 240, height: 426 });
  });
});

describe('transcodeToHls', () => {
  let vertical: { file: string; info: MediaInfo };
  beforeAll(async () => {
    const { file } = item('vertical 1080x1920 30 fps with sound');
    vertical = { file, info: await probe(file, { binary: binaries.ffprobe }) };
  });

  it('takes a thumbnail that is not black from a clip that starts dark', async () => {
    const { file } = item('dark for its first 1.6 s');
    const result = await transcodeToHls({ input: file, outDir: path.join(outRoot, 'dark-start-thumbnail'), binaries });
    expect(await brightness(result.firstFrame)).toBeLessThan(20);
    expect(await brightness(result.thumbnail)).toBeGreaterThan(60);
  });

  it('reports progress up to the whole duration', async () => {
    const fractions: number[] = [];
    await transcodeToHls({ input: vertical.file, outDir: path.join(outRoot, 'progress'), info: vertical.info, binaries, onProgress: (p) => fractions.push(p.fraction) });
    expect(fractions.length).toBeGreaterThan(0);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBeGreaterThan(0.95);
  });

  it('replaces an earlier output folder as a whole, and clears what an interrupted run left', async () => {
    const outDir = path.join(outRoot, 'again');
    await mkdir(outDir);
    await writeFile(path.join(outDir, 'stale.txt'), 'from an earlier run');
    await mkdir(path.join(outRoot, 'again.tmp-killed', 'v0'), { recursive: true });
    await transcodeToHls({ input: vertical.file, outDir, info: vertical.info, binaries });
    expect((await readdir(outDir)).sort()).toEqual(['first-frame.jpg', 'master.m3u8', 'thumbnail-360.jpg', 'thumbnail.jpg', 'v0', 'v1', 'v2']);
    expect(await leftovers('again')).toEqual(['again']);
  });

  it('works with the ffmpeg and ffprobe of the installer packages, for machines without them (DESIGN.md "Stack")', async () => {
    const shipped = await resolveBinaries({ env: { PATH: '' } });
    expect(shipped.ffmpeg).toContain('@ffmpeg-installer');
    expect(shipped.ffprobe).toContain('@ffprobe-installer');
    const { file } = item('phone .mov with rotation metadata');
    const result = await transcodeToHls({ input: file, outDir: path.join(outRoot, 'installer'), binaries: shipped });
    const top = await ffprobe(path.join(result.outDir, 'v0', 'index.m3u8'));
    expect(top.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 720, height: 1280 });
    expect(top.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    expect(result.durationSeconds).toBeCloseTo(2, 1);
  });

  it('stops when aborted, leaving nothing behind', async () => {
    const controller = new AbortController();
    const run = transcodeToHls({
      input: vertical.file,
      outDir: path.join(outRoot, 'aborted'),
      info: vertical.info,
      binaries,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ kind: 'aborted', message: 'Processing was cancelled.' });
    expect(await leftovers('aborted')).toEqual([]);
  });
});

describe('transcodeToHls with onPlayable', () => {
  /** Long enough that its first segments are out well before the end. */
  let clip: { file: string; info: MediaInfo };
  beforeAll(async () => {
    const file = path.join(work, 'playable-early.mp4');
    const source = ['-f', 'lavfi', '-i', 'testsrc2=size=720x1280:rate=30:duration=16', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=16'];
    await runFfmpeg(['-v', 'error', '-y', ...source, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file], {
      binary: binaries.ffmpeg,
    });
    clip = { file, info: await probe(file, { binary: binaries.ffprobe }) };
  });

  const variantPlaylists = async (outDir: string) => {
    const master = await readFile(path.join(outDir, 'master.m3u8'), 'utf8');
    const uris = master.split('\n').filter((line) => line.endsWith('.m3u8'));
    return Promise.all(uris.map((uri) => readFile(path.join(outDir, uri), 'utf8')));
  };

  it('makes the stream playable while the rest is encoding, then publishes the finished ladder in its place', async () => {
    const outDir = path.join(outRoot, 'early');
    let early: { isLink: boolean; segments: number[]; types: string[] } | undefined;
    const result = await transcodeToHls({
      input: clip.file,
      outDir,
      info: clip.info,
      binaries,
      onPlayable: async () => {
        const playlists = await variantPlaylists(outDir);
        early = {
          isLink: (await lstat(outDir)).isSymbolicLink(),
          segments: playlists.map((p) => parseMediaPlaylist(p).length),
          types: playlists.map((p) => /#EXT-X-PLAYLIST-TYPE:(\w+)/.exec(p)?.[1] ?? ''),
        };
      },
    });
    expect(early?.isLink).toBe(true);
    expect(early?.segments).toHaveLength(3);
    for (const count of early!.segments) expect(count).toBeGreaterThanOrEqual(PLAYABLE_AFTER_SEGMENTS);
    expect(early?.types).toEqual(['EVENT', 'EVENT', 'EVENT']);

    expect((await lstat(outDir)).isDirectory()).toBe(true);
    for (const playlist of await variantPlaylists(outDir)) {
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toContain('#EXT-X-ENDLIST');
    }
    expect(result.durationSeconds).toBeCloseTo(16, 1);
    expect(await leftovers('early')).toEqual(['early']);
  });

  it('takes the early stream down again when the transcode fails after it, leaving nothing behind', async () => {
    const controller = new AbortController();
    const run = transcodeToHls({
      input: clip.file,
      outDir: path.join(outRoot, 'early-failed'),
      info: clip.info,
      binaries,
      signal: controller.signal,
      onPlayable: () => controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ kind: 'aborted' });
    expect(await leftovers('early-failed')).toEqual([]);
  });

  it('keeps an earlier finished ladder until the new one replaces it, instead of publishing early', async () => {
    const outDir = path.join(outRoot, 'early-again');
    await mkdir(outDir);
    await writeFile(path.join(outDir, 'master.m3u8'), '#EXTM3U\n');
    let called = false;
    await transcodeToHls({ input: clip.file, outDir, info: clip.info, binaries, onPlayable: () => void (called = true) });
    expect(called).toBe(false);
    expect((await readdir(outDir)).sort()).toEqual(['first-frame.jpg', 'master.m3u8', 'thumbnail-360.jpg', 'thumbnail.jpg', 'v0', 'v1', 'v2']);
  });

  it('fingerprints the upload from its own decode: the first seconds before the stream plays, the whole at the end (ADR 0028)', async () => {
    const outDir = path.join(outRoot, 'fingerprinted');
    const events: string[] = [];
    let early: VideoFingerprint | undefined;
    const result = await transcodeToHls({
      input: clip.file,
      outDir,
      info: clip.info,
      binaries,
      fingerprint: {
        earlySeconds: 5,
        onEarly: async (fingerprint) => {
          events.push('early fingerprint');
          // A slow verdict holds the stream back, not the encoding.
          await new Promise((resolve) => setTimeout(resolve, 300));
          early = fingerprint;
        },
      },
      onPlayable: () => void events.push('playable'),
    });
    expect(events).toEqual(['early fingerprint', 'playable']);
    expect(early).toMatchObject({ fps: 2, durationSeconds: 5 });
    expect(early!.hashes).toHaveLength(10);
    // The same pictures as the whole one's start; only the last sample's window is cut short.
    expect(early!.hashes.slice(0, 9)).toEqual(result.fingerprint!.hashes.slice(0, 9));
    // Exactly what fingerprinting the file alone gives, so fingerprints stored either way compare alike.
    expect(result.fingerprint).toEqual(await fingerprintVideo(clip.file, { binary: binaries.ffmpeg }));
    expect(result.fingerprint!.durationSeconds).toBeCloseTo(16, 0);
    expect(await leftovers('fingerprinted')).toEqual(['fingerprinted']);
  });

  it('hands over the whole fingerprint early when the upload is shorter than the early seconds', async () => {
    const short = item('a 1 s clip').file;
    let early: VideoFingerprint | undefined;
    const result = await transcodeToHls({
      input: short,
      outDir: path.join(outRoot, 'fingerprinted-short'),
      binaries,
      fingerprint: { earlySeconds: 20, onEarly: (fingerprint) => void (early = fingerprint) },
    });
    expect(early).toEqual(result.fingerprint);
    expect(result.fingerprint!.hashes).toHaveLength(2);
  });

  it('leaves no fingerprint pictures behind when it fails', async () => {
    const controller = new AbortController();
    const run = transcodeToHls({
      input: clip.file,
      outDir: path.join(outRoot, 'fingerprint-failed'),
      info: clip.info,
      binaries,
      signal: controller.signal,
      fingerprint: { earlySeconds: 2, onEarly: () => controller.abort() },
    });
    await expect(run).rejects.toMatchObject({ kind: 'aborted' });
    expect(await leftovers('fingerprint-failed')).toEqual([]);
  });

  it('clears the early link a killed run left, with the folder it pointed to', async () => {
    const outDir = path.join(outRoot, 'early-killed');
    await mkdir(path.join(outRoot, 'early-killed.tmp-dead', 'v0'), { recursive: true });
    await symlink('early-killed.tmp-dead', outDir, 'dir');
    await transcodeToHls({ input: item('a 1 s clip').file, outDir, binaries });
    expect((await lstat(outDir)).isDirectory()).toBe(true);
    expect(await leftovers('early-killed')).toEqual(['early-killed']);
  });
});
