import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ClipRecipe {
  /** File name under the temp directory; made once per machine. */
  name: string;
  seconds: number;
  /** Filters after the test card, e.g. grain that does not compress. */
  filters?: string;
  /** Extra x264 options, e.g. a fixed quantizer. */
  encoder?: string[];
}

/** A 540x960 vertical test card with a tone, made with ffmpeg like a phone recording. */
export function verticalClip({ name, seconds, filters, encoder = [] }: ClipRecipe): string {
  const file = path.join(os.tmpdir(), name);
  if (fs.existsSync(file)) return file;
  const card = `testsrc2=s=540x960:r=30:d=${seconds}${filters ? `,${filters}` : ''}`;
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
