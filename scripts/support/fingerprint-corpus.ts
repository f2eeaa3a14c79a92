import path from 'node:path';
import { runFfmpeg } from '../../packages/media/src/index.ts';

/**
 * The corpus of `npm run bench:fingerprint`: distinct clips from many lavfi sources (fractals, cellular
 * automata, plasma, moving noise textures, zooms over still pictures, text, mixtures of two, cuts between
 * sources; portrait, landscape and square; 10 to 16 s), and for each the re-uploads issue 30 names.
 */

export interface Clip {
  name: string;
  file: string;
  width: number;
  height: number;
  seconds: number;
}

export type VariantKind = 're-encoded' | 'scaled' | 'trimmed' | 'cropped' | 'watermarked';
export const VARIANT_KINDS: VariantKind[] = ['re-encoded', 'scaled', 'trimmed', 'cropped', 'watermarked'];

export interface Variant {
  clip: Clip;
  kind: VariantKind;
  file: string;
  /** What was done, for the report. */
  detail: string;
}

const RATE = 25;
const quiet = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];
const encode = (crf: number, preset = 'veryfast') => ['-c:v', 'libx264', '-preset', preset, '-crf', String(crf), '-pix_fmt', 'yuv420p', '-an'];

/** A deterministic generator (mulberry32), so every run makes the same corpus. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Recipe {
  name: string;
  size: [number, number];
  /** ffmpeg arguments before the output: inputs and filters, ending in one video stream of `size`. */
  args: (w: number, h: number, seconds: number) => string[];
}

const lavfi = (graph: string) => ['-f', 'lavfi', '-i', graph];
const PORTRAIT: [number, number] = [360, 640];
const LANDSCAPE: [number, number] = [640, 360];
const SQUARE: [number, number] = [480, 480];
const sizes = [PORTRAIT, PORTRAIT, LANDSCAPE, SQUARE];
const colors = ['0xff3366', '0x33ccff', '0xffcc00', '0x66ff66', '0xcc66ff', '0xff9933', '0x3366ff', '0xffffff'];
const words = ['Good morning', 'Live tonight', 'New set 9pm', 'Thanks for 10k', 'Behind the scenes', 'Q and A', 'Dance break', 'Cooking show'];

function recipes(): Recipe[] {
  const list: Recipe[] = [];
  const centres = [
    [-0.743643887, 0.131825904],
    [-0.7453, 0.1127],
    [-1.25066, 0.02012],
    [-0.16, 1.0405],
    [0.285, 0.01],
    [-1.768778833, -0.001738996],
    [-0.8, 0.156],
    [0.001643721971153, -0.822467633298876],
  ];
  centres.forEach(([x, y], i) =>
    list.push({
      name: `mandelbrot ${i + 1}`,
      size: sizes[i % 4]!,
      args: (w, h, s) =>
        lavfi(
          `mandelbrot=size=${w / 2}x${h / 2}:rate=${RATE}:maxiter=200:start_x=${x}:start_y=${y}:start_scale=${1.5 + i * 0.3}:end_scale=0.02:end_pts=${s * 4},scale=${w}:${h}`,
        ),
    }),
  );
  [3, 11, 29, 47, 63, 81, 97].forEach((seed, i) =>
    list.push({
      name: `life seed ${seed}`,
      size: sizes[(i + 1) % 4]!,
      args: (w, h) =>
        lavfi(
          `life=size=${w / 4}x${h / 4}:rate=${RATE}:seed=${seed}:ratio=${0.2 + (i % 3) * 0.1}:mold=${i * 4}:life_color=${colors[i]}:death_color=${colors[7 - i]}:mold_color=0x202020,scale=${w}:${h}:flags=neighbor`,
        ),
    }),
  );
  [18, 30, 90, 110, 150].forEach((rule, i) =>
    list.push({
      name: `cellauto rule ${rule}`,
      size: sizes[(i + 2) % 4]!,
      args: (w, h) => lavfi(`cellauto=size=${w / 4}x${h / 4}:rate=${RATE}:rule=${rule}:random_fill_ratio=${0.3 + i * 0.1}:seed=${rule},scale=${w}:${h}:flags=neighbor`),
    }),
  );
  for (let i = 0; i < 8; i += 1) {
    const [a, b, c] = [7 + i * 3, 11 + i * 2, 0.5 + i * 0.25];
    list.push({
      name: `plasma ${i + 1}`,
      size: sizes[(i + 3) % 4]!,
      args: (w, h, s) =>
        lavfi(
          `nullsrc=size=${w / 4}x${h / 4}:rate=${RATE}:duration=${s},format=gray,` +
            `geq=lum='128+50*sin(X/${a / 2}+T*${c})+40*sin((X+Y)/${b / 2}-T*${c * 0.7})+30*sin(hypot(X-W/2,Y-H/2)/${a / 2 + 1}+T)',` +
            `scale=${w}:${h},format=yuv420p,hue=h=${i * 45}:s=${1 + i * 0.3}`,
        ),
    });
  }
  for (let i = 0; i < 5; i += 1) {
    list.push({
      name: `moving texture ${i + 1}`,
      size: sizes[i % 4]!,
      args: (w, h) =>
        lavfi(
          `color=c=${colors[i]}:size=${Math.round(w / (8 + 4 * i))}x${Math.round(h / (8 + 4 * i))}:rate=${RATE},noise=alls=${60 + i * 10}:allf=u:all_seed=${i + 1},` +
            `scale=${w}:${h}:flags=bicubic,scroll=h=${0.001 * (i + 1)}:v=${0.0015 * (5 - i)},eq=contrast=${1.2 + i * 0.2}`,
        ),
    });
  }
  const stills = [
    'sierpinski=size=1080x1920:seed=5:rate=1',
    'mandelbrot=size=1080x1920:maxiter=200:start_scale=2:rate=1',
    'testsrc2=size=1080x1920:rate=1',
    'life=size=270x480:seed=9:rate=1,scale=1080:1920:flags=neighbor',
    'mandelbrot=size=540x960:maxiter=120:start_x=-0.75:start_y=0.1:start_scale=0.08:rate=1,scale=1080:1920',
    'smptehdbars=size=1080x1920:rate=1',
  ];
  stills.forEach((still, i) =>
    list.push({
      name: `zoom over a still ${i + 1}`,
      size: sizes[(i + 1) % 4]!,
      args: (w, h, s) => [
        ...lavfi(`${still},trim=end_frame=1`),
        '-vf',
        `zoompan=z='min(zoom+0.0015,1.6)':d=${s * RATE}:x='iw/2-(iw/zoom/2)+${(i - 3) * 20}*on/${RATE}':y='ih/2-(ih/zoom/2)':s=${w}x${h}:fps=${RATE}`,
      ],
    }),
  );
  words.slice(0, 6).forEach((text, i) =>
    list.push({
      name: `text "${text}"`,
      size: sizes[(i + 2) % 4]!,
      args: (w, h, s) =>
        lavfi(
          `gradients=size=${w}x${h}:rate=${RATE}:duration=${s}:c0=${colors[i]}:c1=${colors[(i + 3) % 8]}:c2=${colors[(i + 5) % 8]}:nb_colors=3:seed=${i}:speed=0.02,` +
            `drawtext=text='${text}':fontsize=${Math.round(h / 9)}:fontcolor=white:borderw=4:x=(w-text_w)/2+${30 + i * 10}*sin(t):y=h*0.2+t*${h / 30}`,
        ),
    }),
  );
  for (let i = 0; i < 6; i += 1) {
    const modes = ['screen', 'multiply', 'difference', 'addition', 'overlay', 'lighten'];
    list.push({
      name: `mixture ${modes[i]}`,
      size: sizes[(i + 3) % 4]!,
      args: (w, h, s) => [
        ...lavfi(
          `mandelbrot=size=${w / 2}x${h / 2}:rate=${RATE}:maxiter=150:start_x=${centres[i]![0]}:start_y=${centres[i]![1]}:start_scale=${3 - i * 0.3}:end_scale=0.5:end_pts=${s * 3}`,
        ),
        ...lavfi(`life=size=${w / 4}x${h / 4}:rate=${RATE}:seed=${100 + i}:mold=20:life_color=${colors[i + 1]},scale=${w}:${h}:flags=neighbor`),
        '-filter_complex',
        `[0:v]scale=${w}:${h},format=yuv420p[a];[1:v]format=yuv420p[b];[a][b]blend=all_mode=${modes[i]},format=yuv420p`,
      ],
    });
  }
  const patterns = ['testsrc2', 'smptehdbars', 'rgbtestsrc', 'sierpinski=seed=3:jump=50'];
  patterns.forEach((pattern, i) =>
    list.push({
      name: `moving pattern ${pattern.split('=')[0]}`,
      size: sizes[i % 4]!,
      args: (w, h) => lavfi(`${pattern}${pattern.includes('=') ? ':' : '='}size=${w}x${h}:rate=${RATE},scroll=h=${0.003 * (i + 1)},rotate=a=t*${0.1 + i * 0.05}:c=black`),
    }),
  );
  for (let i = 0; i < 6; i += 1) {
    const parts = [
      `mandelbrot=size=QxR:rate=${RATE}:maxiter=150:start_x=${centres[i + 2]![0]}:start_y=${centres[i + 2]![1]},scale=W:H`,
      `life=size=QxR:rate=${RATE}:seed=${200 + i}:mold=10,scale=W:H:flags=neighbor`,
      `cellauto=size=QxR:rate=${RATE}:rule=${[30, 110, 90, 150, 18, 45][i]},scale=W:H:flags=neighbor`,
      `testsrc2=size=WxH:rate=${RATE}`,
    ];
    const order = [0, 1, 2, 3].map((k) => parts[(k + i) % 4]!);
    list.push({
      name: `cuts ${i + 1}`,
      size: sizes[(i + 1) % 4]!,
      args: (w, h, s) => {
        const each = s / order.length;
        const fill = (p: string) =>
          p
            .replace(/WxH/g, `${w}x${h}`)
            .replace(/QxR/g, `${w / 4}x${h / 4}`)
            .replace(/W:H/g, `${w}:${h}`);
        return [
          ...order.flatMap((p) => lavfi(`${fill(p)},trim=duration=${each},setpts=PTS-STARTPTS,format=yuv420p`)),
          '-filter_complex',
          `${order.map((_, k) => `[${k}:v]`).join('')}concat=n=${order.length}:v=1:a=0`,
        ];
      },
    });
  }
  for (let i = 0; i < 2; i += 1) {
    list.push({
      name: `portrait 1080x1920 ${i + 1}`,
      size: [1080, 1920],
      args: (w, h, s) =>
        lavfi(
          `nullsrc=size=270x480:rate=30:duration=${s},format=gray,geq=lum='128+60*sin(X/${13 + i * 6}+T*0.8)+50*sin(Y/${17 + i * 4}-T*0.6)',` +
            `scale=${w}:${h},format=yuv420p,hue=h=${120 + i * 90}:s=2,drawtext=text='Flick ${i + 1}':fontsize=120:fontcolor=white:x=(w-text_w)/2:y=h*0.7-t*20`,
        ),
    });
  }
  return list;
}

const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();

/** Writes the distinct clips into `dir`, `workers` at a time. */
export async function makeClips(dir: string, ffmpeg: string, workers = 2, onClip?: (clip: Clip, ms: number) => void): Promise<Clip[]> {
  const random = seeded(30);
  const jobs = recipes().map((recipe) => {
    const [width, height] = recipe.size;
    const seconds = 10 + Math.floor(random() * 7);
    const clip: Clip = { name: recipe.name, file: path.join(dir, `${slug(recipe.name)}.mp4`), width, height, seconds };
    const args = [
      ...quiet,
      ...recipe.args(width, height, seconds),
      '-t',
      String(seconds),
      '-r',
      String(recipe.size[0] === 1080 ? 30 : RATE),
      ...encode(21, 'superfast'),
      clip.file,
    ];
    return { clip, args };
  });
  await inParallel(jobs, workers, async ({ clip, args }) => {
    const started = performance.now();
    await runFfmpeg(args, { binary: ffmpeg });
    onClip?.(clip, performance.now() - started);
  });
  return jobs.map((job) => job.clip);
}

/** Writes the re-uploads of each clip: another quality, smaller, trimmed by up to 2 s, cropped 5 %, watermarked. */
export async function makeVariants(clips: Clip[], dir: string, ffmpeg: string, workers = 2): Promise<Variant[]> {
  const random = seeded(2026);
  const jobs: { variant: Variant; args: string[] }[] = [];
  for (const clip of clips) {
    const base = path.join(dir, path.basename(clip.file, '.mp4'));
    const trim = (0.3 + random() * 1.7).toFixed(2);
    const scale = [0.5, 0.66, 0.75][Math.floor(random() * 3)]!;
    const [cx, cy] = [random(), random()];
    const corner = ['x=20:y=20', 'x=w-text_w-20:y=20', 'x=20:y=h-text_h-40', 'x=w-text_w-20:y=h-text_h-40'][Math.floor(random() * 4)]!;
    const crf = 30 + Math.floor(random() * 8);
    const make = (kind: VariantKind, detail: string, args: string[]) =>
      jobs.push({ variant: { clip, kind, detail, file: `${base}.${kind}.mp4` }, args: [...quiet, ...args, `${base}.${kind}.mp4`] });
    make('re-encoded', `crf ${crf}`, ['-i', clip.file, ...encode(crf, 'ultrafast')]);
    make('scaled', `x${scale}`, ['-i', clip.file, '-vf', `scale=trunc(iw*${scale}/2)*2:trunc(ih*${scale}/2)*2`, ...encode(26, 'ultrafast')]);
    make('trimmed', `first ${trim} s cut`, ['-ss', trim, '-i', clip.file, ...encode(24, 'ultrafast')]);
    make('cropped', `5 % off each side's total, at ${cx.toFixed(2)},${cy.toFixed(2)}`, [
      '-i',
      clip.file,
      '-vf',
      `crop=trunc(iw*0.95/2)*2:trunc(ih*0.95/2)*2:(iw-ow)*${cx.toFixed(2)}:(ih-oh)*${cy.toFixed(2)}`,
      ...encode(24, 'ultrafast'),
    ]);
    make('watermarked', `@handle text, ${corner}`, [
      '-i',
      clip.file,
      '-vf',
      `drawtext=text='@reupload_${Math.floor(random() * 1000)}':fontsize=h/22:fontcolor=white@0.85:box=1:boxcolor=black@0.4:boxborderw=8:${corner}`,
      ...encode(24, 'ultrafast'),
    ]);
  }
  await inParallel(jobs, workers, ({ args }) => runFfmpeg(args, { binary: ffmpeg }));
  return jobs.map((job) => job.variant);
}

export async function inParallel<T, R>(items: T[], workers: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!, i);
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}
