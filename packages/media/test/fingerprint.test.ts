import { mkdtemp, rm } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { videoMessages } from '@flick/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MediaBinaries, NO_HASH, type VideoFingerprint, compareFingerprints, fingerprintVideo, isMatch, resolveBinaries, runFfmpeg } from '../src/index.ts';
import { type HostileCorpus, generateHostileCorpus } from './corpus.ts';

/**
 * fingerprintVideo on clips made here with ffmpeg (small, 8 s): a fractal zoom and a cellular automaton
 * (not test patterns), their re-uploads (re-encoded, scaled, cropped 5 %, watermarked, trimmed), and the
 * hostile uploads of the rest of the suite. npm run bench:fingerprint measures the same at scale.
 */
let work: string;
let binaries: MediaBinaries;
const at = (name: string) => path.join(work, name);
const quiet = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];
const h264 = (crf = 20) => ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', String(crf), '-pix_fmt', 'yuv420p'];
const run = (args: string[]) => runFfmpeg([...quiet, ...args], { binary: binaries.ffmpeg });

const fingerprints = new Map<string, VideoFingerprint>();
const fingerprintOf = async (name: string) => {
  const known = fingerprints.get(name);
  if (known) return known;
  const fp = await fingerprintVideo(at(name), { binary: binaries.ffmpeg });
  fingerprints.set(name, fp);
  return fp;
};

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'flick-fingerprint-test-'));
  binaries = await resolveBinaries();
  await Promise.all([
    run(['-f', 'lavfi', '-i', 'mandelbrot=size=288x512:rate=25:start_x=-0.7436438870:start_y=0.1318259042:start_scale=2', '-t', '8', ...h264(), at('fractal.mp4')]),
    run(['-f', 'lavfi', '-i', 'life=size=144x256:rate=25:seed=42:mold=8:life_color=#ffcc00:death_color=#220044,scale=288:512', '-t', '8', ...h264(), at('life.mp4')]),
    run(['-f', 'lavfi', '-i', 'color=black:size=288x512:rate=25:duration=4', ...h264(), at('black.mp4')]),
  ]);
  await Promise.all([
    run(['-i', at('fractal.mp4'), ...h264(36), at('fractal-crf.mp4')]),
    run(['-i', at('fractal.mp4'), '-vf', 'scale=180:320', ...h264(), at('fractal-scaled.mp4')]),
    run(['-i', at('fractal.mp4'), '-vf', 'crop=iw*0.95:ih*0.95', ...h264(), at('fractal-cropped.mp4')]),
    run(['-i', at('fractal.mp4'), '-vf', 'drawbox=x=10:y=10:w=90:h=24:color=white@0.8:t=fill', ...h264(), at('fractal-marked.mp4')]),
    run(['-ss', '1.7', '-i', at('fractal.mp4'), ...h264(), at('fractal-trimmed.mp4')]),
    run(['-ss', '1.3', '-i', at('life.mp4'), '-vf', 'crop=iw*0.95:ih*0.95,scale=216:384', ...h264(30), at('life-copy.mp4')]),
  ]);
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('fingerprintVideo', () => {
  it('hashes two samples a second, at least half of the bits of every one set apart', async () => {
    const fp = await fingerprintOf('fractal.mp4');
    expect(fp.fps).toBe(2);
    expect(fp.durationSeconds).toBeCloseTo(8, 0);
    expect(fp.hashes).toHaveLength(16);
    expect(fp.hashes.every((hash) => hash !== NO_HASH)).toBe(true);
  });

  it('gives a black clip no hash at all, so black cannot match black', async () => {
    const fp = await fingerprintOf('black.mp4');
    expect(fp.hashes.length).toBeGreaterThan(0);
    expect(fp.hashes.every((hash) => hash === NO_HASH)).toBe(true);
    expect(isMatch(compareFingerprints(fp, fp))).toBe(false);
  });

  it.each(['fractal-crf.mp4', 'fractal-scaled.mp4', 'fractal-cropped.mp4', 'fractal-marked.mp4', 'fractal-trimmed.mp4'])(
    'recognises %s as the fractal clip',
    async (copy) => {
      const result = compareFingerprints(await fingerprintOf(copy), await fingerprintOf('fractal.mp4'));
      expect(isMatch(result)).toBe(true);
      // Cut 1.7 s in: found at the nearest sample or the one beside it (a slow zoom changes little in half a second).
      expect(Math.abs(result.offsetSeconds - (copy === 'fractal-trimmed.mp4' ? 1.7 : 0))).toBeLessThanOrEqual(0.7);
    },
  );

  it('recognises a trimmed, cropped, smaller and stronger-compressed copy of a busy clip', async () => {
    expect(isMatch(compareFingerprints(await fingerprintOf('life-copy.mp4'), await fingerprintOf('life.mp4')))).toBe(true);
  });

  it('tells different clips apart', async () => {
    const result = compareFingerprints(await fingerprintOf('life.mp4'), await fingerprintOf('fractal.mp4'));
    expect(isMatch(result)).toBe(false);
    expect(result.ratio).toBeLessThan(0.2);
  });
});

describe('fingerprintVideo refuses an upload that names other files, like every guarded run', () => {
  let hostile: HostileCorpus;
  let server: Server;
  const requests: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    hostile = await generateHostileCorpus(at('hostile'), binaries.ffmpeg, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(() => new Promise<unknown>((resolve) => server.close(resolve)));

  it.each([
    'an HLS playlist named .mp4 naming a file: segment',
    'an HLS playlist named .mp4 naming an http: segment',
    'a DASH manifest naming a relative URL',
    'an ffconcat file naming another original',
    'an image2 sequence pattern',
  ])(`%s: "${videoMessages.notAVideo}"`, async (name) => {
    const { file } = hostile.items.find((item) => item.name === name)!;
    await expect(fingerprintVideo(file, { binary: binaries.ffmpeg, timeoutMs: 10_000 })).rejects.toMatchObject({
      kind: 'not-a-video',
      message: videoMessages.notAVideo,
    });
    expect(requests).toEqual([]);
  });

  it('still fingerprints the private original those uploads name: the refusal is the guard', async () => {
    const fp = await fingerprintVideo(hostile.secret, { binary: binaries.ffmpeg });
    expect(fp.hashes.length).toBeGreaterThan(0);
  });
});
