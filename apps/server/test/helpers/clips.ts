import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = path.join(os.tmpdir(), 'flick-test-clips');

/** Small real clips made with ffmpeg once per machine, for upload tests. */
export function clip(name: 'vertical' | 'not-a-video'): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name === 'vertical' ? 'vertical.mp4' : 'not-a-video.mp4');
  if (fs.existsSync(file)) return file;
  if (name === 'not-a-video') {
    fs.writeFileSync(file, 'PK\u0003\u0004 this is a zip archive, not a video');
    return file;
  }
  execFileSync('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=s=360x640:r=30:d=2',
    '-f', 'lavfi', '-i', 'sine=frequency=440:d=2',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
    `${file}.tmp.mp4`,
  ]);
  fs.renameSync(`${file}.tmp.mp4`, file);
  return file;
}
