import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { videoMessages } from '@flick/contract';
import { type MediaErrorKind, runFfmpeg } from '../src/index.ts';

/** What a corpus file must come out as. */
export type CorpusExpectation =
  | {
      plays: true;
      /** The top rung's size. */
      width: number;
      height: number;
      fps: number;
    }
  | { plays: false; kind: MediaErrorKind; message: string };

export interface CorpusItem {
  name: string;
  file: string;
  expected: CorpusExpectation;
}

interface Recipe {
  name: string;
  file: string;
  expected: CorpusExpectation;
  make: (file: string) => Promise<void>;
}

const quiet = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];
const video = (size: string, rate: number, seconds: number, extra = '') => ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}:duration=${seconds}${extra}`];
const tone = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=330:sample_rate=44100:duration=${seconds}`];
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
const aac = ['-c:a', 'aac', '-b:a', '96k', '-shortest'];
const plays = (width: number, height: number, fps = 30): CorpusExpectation => ({ plays: true, width, height, fps });
const notAVideo: CorpusExpectation = { plays: false, kind: 'not-a-video', message: videoMessages.notAVideo };

/**
 * Short clips made with lavfi (testsrc2 + sine), the kinds of file creators upload (ADR 0006), plus broken ones.
 * Small sizes keep the suite fast; the vertical one is full phone size.
 */
function recipes(dir: string, ffmpeg: string): Recipe[] {
  const at = (file: string) => path.join(dir, file);
  const run = (args: string[]) => runFfmpeg([...quiet, ...args], { binary: ffmpeg }).then(() => undefined);
  /** A valid 3 s clip with its bytes from `from` to `to` (shares of the size) cut off, or zeroed. */
  const damaged = (faststart: boolean, from: number, to: number, how: 'cut' | 'zero') => async (file: string) => {
    const whole = `${file}.whole.mp4`;
    await run([...video('360x640', 30, 3), ...tone(3), ...h264, ...aac, ...(faststart ? ['-movflags', '+faststart'] : []), whole]);
    const bytes = await readFile(whole);
    const [start, end] = [Math.floor(bytes.length * from), Math.floor(bytes.length * to)];
    await writeFile(file, how === 'cut' ? bytes.subarray(0, start) : Buffer.concat([bytes.subarray(0, start), Buffer.alloc(end - start), bytes.subarray(end)]));
  };

  return [
    {
      name: 'vertical 1080x1920 30 fps with sound',
      file: at('vertical.mp4'),
      expected: plays(720, 1280),
      make: (file) => run([...video('1080x1920', 30, 2), ...tone(2), ...h264, ...aac, file]),
    },
    {
      name: 'landscape 1280x720 25 fps',
      file: at('landscape.mp4'),
      expected: plays(1280, 720, 25),
      make: (file) => run([...video('1280x720', 25, 2), ...tone(2), ...h264, ...aac, file]),
    },
    {
      // Coded landscape, shown portrait: the -90 display matrix an iPhone writes, added without re-encoding.
      name: 'phone .mov with rotation metadata',
      file: at('phone.mov'),
      expected: plays(720, 1280),
      make: async (file) => {
        const coded = `${file}.coded.mp4`;
        await run([...video('1280x720', 30, 2), ...tone(2), ...h264, ...aac, coded]);
        await run(['-i', coded, '-c', 'copy', '-metadata:s:v:0', 'rotate=270', file]);
      },
    },
    {
      name: 'no audio',
      file: at('silent.mp4'),
      expected: plays(480, 854),
      make: (file) => run([...video('480x854', 30, 2), ...h264, file]),
    },
    {
      name: 'variable frame rate',
      file: at('vfr.mp4'),
      expected: plays(480, 854, 23),
      make: (file) => run([...video('480x854', 30, 3), ...tone(3), '-vf', "select='not(eq(mod(n,4),0))'", '-vsync', 'vfr', ...h264, ...aac, file]),
    },
    {
      name: '60 fps',
      file: at('60fps.mp4'),
      expected: plays(480, 854, 60),
      make: (file) => run([...video('480x854', 60, 2), ...tone(2), ...h264, ...aac, file]),
    },
    {
      name: 'HEVC',
      file: at('hevc.mp4'),
      expected: plays(480, 854),
      make: (file) =>
        run([...video('480x854', 30, 2), ...tone(2), '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', ...aac, file]),
    },
    {
      name: 'VP9 in WebM',
      file: at('vp9.webm'),
      expected: plays(480, 854),
      make: (file) =>
        run([
          ...video('480x854', 30, 2),
          ...tone(2),
          '-c:v',
          'libvpx-vp9',
          '-deadline',
          'realtime',
          '-cpu-used',
          '8',
          '-b:v',
          '1M',
          '-c:a',
          'libopus',
          '-shortest',
          file,
        ]),
    },
    // 2.5 s: the audio these containers hold runs a few hundredths past 2 s, which would add a sliver of a segment.
    {
      name: 'Matroska (.mkv), as OBS records',
      file: at('recording.mkv'),
      expected: plays(360, 640),
      make: (file) => run([...video('360x640', 30, 2.5), ...tone(2.5), ...h264, ...aac, file]),
    },
    {
      name: 'MPEG-TS, as a stream is recorded',
      file: at('recording.ts'),
      expected: plays(360, 640),
      make: (file) => run([...video('360x640', 30, 2.5), ...tone(2.5), ...h264, ...aac, file]),
    },
    {
      name: 'FLV, as older cam software records',
      file: at('recording.flv'),
      expected: plays(360, 640),
      make: (file) => run([...video('360x640', 30, 2.5), ...tone(2.5), ...h264, ...aac, file]),
    },
    {
      name: 'AVI',
      file: at('camera.avi'),
      expected: plays(360, 640),
      make: (file) => run([...video('360x640', 30, 2.5), ...tone(2.5), ...h264, '-c:a', 'libmp3lame', '-b:a', '96k', '-shortest', file]),
    },
    {
      // x264 takes odd sizes only without chroma subsampling, so this is also a 4:4:4 source.
      name: 'odd dimensions 541x963',
      file: at('odd.mp4'),
      expected: plays(540, 962),
      make: (file) => run([...video('542x964', 30, 2, ',format=yuv444p,crop=541:963:0:0'), ...tone(2), '-c:v', 'libx264', '-preset', 'ultrafast', ...aac, file]),
    },
    {
      name: 'a 1 s clip',
      file: at('short.mp4'),
      expected: plays(360, 640),
      make: (file) => run([...video('360x640', 30, 1), ...tone(1), ...h264, ...aac, file]),
    },
    {
      name: 'dark for its first 1.6 s',
      file: at('dark-start.mp4'),
      expected: plays(360, 640),
      make: (file) => run([...video('360x640', 30, 3, ",drawbox=x=0:y=0:w=iw:h=ih:color=black:t=fill:enable='lt(t,1.6)'"), ...tone(3), ...h264, ...aac, file]),
    },
    {
      name: 'black throughout (the thumbnail falls back to a dark frame)',
      file: at('black.mp4'),
      expected: plays(360, 640),
      make: (file) => run(['-f', 'lavfi', '-i', 'color=color=black:size=360x640:rate=30:duration=2', ...tone(2), ...h264, ...aac, file]),
    },
    {
      // The index (moov) is written last, so the cut-off file has none.
      name: 'truncated mp4',
      file: at('truncated.mp4'),
      expected: notAVideo,
      make: damaged(false, 0.3, 1, 'cut'),
    },
    {
      // The index comes first and promises 3 s, but only part of the frames are there.
      name: 'truncated fast-start mp4',
      file: at('truncated-faststart.mp4'),
      expected: notAVideo,
      make: damaged(true, 0.3, 1, 'cut'),
    },
    {
      // Complete in size and index, but most frames are zeros: it probes fine and fails on decoding.
      name: 'damaged mp4',
      file: at('damaged.mp4'),
      expected: notAVideo,
      make: damaged(true, 0.3, 0.95, 'zero'),
    },
    {
      name: 'a zip renamed .mp4',
      file: at('archive.mp4'),
      expected: notAVideo,
      // An empty zip archive: just its end-of-central-directory record.
      make: (file) => writeFile(file, Buffer.concat([Buffer.from('PK\x05\x06'), Buffer.alloc(18)])),
    },
    {
      name: 'a text file renamed .mp4',
      file: at('notes.mp4'),
      expected: notAVideo,
      make: (file) => writeFile(file, 'Shopping list: milk, eggs, video tape.\n'),
    },
    {
      name: 'a PNG renamed .mp4',
      file: at('picture.mp4'),
      expected: notAVideo,
      make: (file) => run([...video('720x1280', 1, 1), '-frames:v', '1', '-c:v', 'png', '-f', 'image2', '-update', '1', file]),
    },
    {
      name: 'longer than 30 minutes',
      file: at('long.mp4'),
      expected: { plays: false, kind: 'too-long', message: videoMessages.tooLong },
      make: (file) => run(['-f', 'lavfi', '-i', 'color=color=gray:size=16x16:rate=1:duration=1801', ...h264, file]),
    },
  ];
}

/** Writes the corpus into `dir` (a few at a time) and lists what each file must come out as. */
export async function generateCorpus(dir: string, ffmpeg: string): Promise<CorpusItem[]> {
  const all = recipes(dir, ffmpeg);
  const queue = [...all];
  const worker = async () => {
    for (let recipe = queue.shift(); recipe; recipe = queue.shift()) await recipe.make(recipe.file);
  };
  await Promise.all([worker(), worker(), worker()]);
  return all.map(({ name, file, expected }) => ({ name, file, expected }));
}

/** The hostile corpus: uploads that name other files for ffmpeg to read, and what they name. */
export interface HostileCorpus {
  /** Another creator's private original, which every item names one way or another. */
  secret: string;
  items: CorpusItem[];
}

const dashManifest = (baseUrl: string) => `<?xml version="1.0"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT2S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">
<Period><AdaptationSet mimeType="video/mp4"><Representation id="1" bandwidth="100000"><BaseURL>${baseUrl}</BaseURL><SegmentBase/></Representation></AdaptationSet></Period>
</MPD>
`;
const hlsPlaylist = (segment: string) => `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n${segment}\n#EXT-X-ENDLIST\n`;

/**
 * Writes, under `dir`, a creator's private original (`private/originals/7.mp4`, with an MPEG-TS copy
 * and a PNG of its first frame, as any other readable file would be) and uploads that name it: as a
 * file: URL, a path relative to the upload, an `origin` (a local HTTP server serving the same files)
 * URL, and through the concat: and subfile: protocols. Each was once read as the upload's video (SECURITY.md).
 */
export async function generateHostileCorpus(dir: string, ffmpeg: string, origin: string): Promise<HostileCorpus> {
  const originals = path.join(dir, 'private', 'originals');
  const uploads = path.join(dir, 'uploads');
  const sequence = path.join(uploads, 'sequence');
  await Promise.all([originals, sequence].map((folder) => mkdir(folder, { recursive: true })));
  const run = (args: string[]) => runFfmpeg([...quiet, ...args], { binary: ffmpeg });
  const secret = path.join(originals, '7.mp4');
  await run([...video('240x426', 30, 2), ...tone(2), ...h264, ...aac, secret]);
  await run(['-i', secret, '-c', 'copy', path.join(originals, '7.ts')]);
  await run(['-i', secret, '-frames:v', '1', '-update', '1', path.join(originals, '7.png')]);
  const secretTs = path.join(originals, '7.ts');
  const { size: secretTsBytes } = await stat(secretTs);
  // Whoever opens a FIFO without a writer waits for one: only a refusal before any open is quick.
  const fifo = path.join(originals, '9.mp4');
  execFileSync('mkfifo', [fifo]);

  const files: [name: string, file: string, content: string][] = [
    ['a DASH manifest naming a file: URL', path.join(uploads, 'dash-file.mp4'), dashManifest(pathToFileURL(secret).href)],
    ['a DASH manifest naming an http: URL', path.join(uploads, 'dash-http.mp4'), dashManifest(`${origin}/7.mp4`)],
    ['a DASH manifest naming a relative URL', path.join(uploads, 'dash-relative.mp4'), dashManifest('../private/originals/7.mp4')],
    ['a DASH manifest naming a FIFO, which holds whoever opens it', path.join(uploads, 'dash-fifo.mp4'), dashManifest('../private/originals/9.mp4')],
    ['an HLS playlist named .mp4 naming a file: segment', path.join(uploads, 'hls-file.mp4'), hlsPlaylist(pathToFileURL(secretTs).href)],
    ['an HLS playlist named .mp4 naming an http: segment', path.join(uploads, 'hls-http.mp4'), hlsPlaylist(`${origin}/7.ts`)],
    ['an HLS playlist named .mp4 naming a relative segment', path.join(uploads, 'hls-relative.mp4'), hlsPlaylist('../private/originals/7.ts')],
    ['an HLS playlist named .mp4 naming a FIFO, which holds whoever opens it', path.join(uploads, 'hls-fifo.mp4'), hlsPlaylist('../private/originals/9.mp4')],
    ['an HLS playlist naming a concat: URL', path.join(uploads, 'hls-concat.mp4'), hlsPlaylist(`concat:${secretTs}|${secretTs}`)],
    ['an HLS playlist naming a subfile: URL', path.join(uploads, 'hls-subfile.mp4'), hlsPlaylist(`subfile,,start,0,end,${secretTsBytes},,:${secretTs}`)],
    // Stored beside the original it names, as an upload's original is; a relative name is what the concat demuxer calls safe.
    ['an ffconcat file naming another original', path.join(originals, '8.mp4'), 'ffconcat version 1.0\nfile 7.mp4\n'],
    // Without an extension, like an upload before it is stored: found by its content alone.
    [
      'an SVG naming a picture',
      path.join(uploads, 'drawing'),
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="240" height="426"><image xlink:href="${pathToFileURL(path.join(originals, '7.png')).href}" width="240" height="426"/></svg>\n`,
    ],
  ];
  await Promise.all(files.map(([, file, content]) => writeFile(file, content)));
  // Flick names the files it stores, so no upload is called this; the sequence it names is the original's frames.
  const pattern = path.join(sequence, 'img%03d.png');
  await Promise.all([1, 2, 3].map((n) => copyFile(path.join(originals, '7.png'), path.join(sequence, `img00${n}.png`))));

  return {
    secret,
    items: [...files.map(([name, file]) => ({ name, file, expected: notAVideo })), { name: 'an image2 sequence pattern', file: pattern, expected: notAVideo }],
  };
}
