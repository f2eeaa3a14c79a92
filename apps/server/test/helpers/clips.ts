import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = path.join(os.tmpdir(), 'flick-test-clips');

/** A lavfi test card with a tone, `seconds` long, as phone-shaped H.264 + AAC. */
const recipes = {
  vertical: { size: '360x640', seconds: 2 },
  /** Caught mid-transcode too, in a fifth of the long one's encoding (two rungs, half the length). */
  medium: { size: '480x854', seconds: 8 },
  /** Long enough to be caught mid-transcode. */
  long: { size: '720x1280', seconds: 16 },
} as const;

/** Small real clips made with ffmpeg once per machine, for upload tests. */
export function clip(name: keyof typeof recipes | 'not-a-video'): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.mp4`);
  if (fs.existsSync(file)) return file;
  if (name === 'not-a-video') {
    fs.writeFileSync(file, 'PK\u0003\u0004 this is a zip archive, not a video');
    return file;
  }
  const { size, seconds } = recipes[name];
  writeClip(`testsrc2=s=${size}:r=30:d=${seconds}`, seconds, `${file}.tmp.mp4`);
  fs.renameSync(`${file}.tmp.mp4`, file);
  return file;
}

/** `video` (an ffmpeg lavfi source) with a tone of `seconds`, as phone-shaped H.264 + AAC, into `file`. */
function writeClip(video: string, seconds: number, file: string) {
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', video],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:d=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
    file,
  ]);
}

let made = 0;

/**
 * A 2 s 360x640 clip no other upload of the run shows: a game of life from its own seed, with a tone.
 * Uploads are fingerprinted (ADR 0028), so the same test card uploaded by a second creator is a copy of
 * the first one's published video and is held; tests of other things give each creator their own clip.
 */
export function distinctClip(): string {
  fs.mkdirSync(dir, { recursive: true });
  made += 1;
  const seed = (process.pid * 1000 + made) % 2 ** 31;
  const file = path.join(dir, `distinct-${process.pid}-${made}.mp4`);
  writeClip(`life=size=90x160:rate=30:seed=${seed}:mold=10:ratio=0.3:life_color=#ff6fae:death_color=#241238,scale=360:640:flags=neighbor,trim=duration=2`, 2, file);
  return file;
}
