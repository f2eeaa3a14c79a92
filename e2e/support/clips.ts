import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ClipRecipe {
  /** File name under the temp directory; made once per machine. */
  name: string;
  seconds: number;
  /** What is filmed: an ffmpeg lavfi source (with `{seconds}` for the length); a test card when left out. */
  source?: string;
  /** Filters after the source, e.g. grain that does not compress. */
  filters?: string;
  /** Extra x264 options, e.g. a fixed quantizer. */
  encoder?: string[];
}

/** A 540x960 vertical test card (or `source`) with a tone, made with ffmpeg like a phone recording. */
export function verticalClip({ name, seconds, source, filters, encoder = [] }: ClipRecipe): string {
  const file = path.join(os.tmpdir(), name);
  if (fs.existsSync(file)) return file;
  const card = `${source?.replaceAll('{seconds}', String(seconds)) ?? `testsrc2=s=540x960:r=30:d=${seconds}`}${filters ? `,${filters}` : ''}`;
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    card,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:d=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    ...encoder,
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    `${file}.tmp.mp4`,
  ]);
  fs.renameSync(`${file}.tmp.mp4`, file);
  return file;
}
