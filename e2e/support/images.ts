import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A colourful test picture (ffmpeg's testsrc2) as a JPEG, made once per run. */
export function testPicture(name: string, width: number, height: number): string {
  const file = path.join(os.tmpdir(), `flick-e2e-${name}-${width}x${height}.jpg`);
  if (!fs.existsSync(file)) {
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}`, '-frames:v', '1', '-y', file]);
  }
  return file;
}
