import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Signed addresses for the files of a video that no one may fetch at its public address (taken down,
 * hidden, rejected): its creator and the admins still see it, through
 * `/media/signed/{expires}-{signature}/videos/{id}/...`. The token is a path segment, not a query, so the
 * relative addresses inside an HLS playlist keep it. It expires at a whole hour, one to two hours ahead,
 * so an address stays the same (and cacheable in the browser) for an hour.
 */
export const SIGNED_MEDIA_PREFIX = 'signed';
const HOUR_SECONDS = 3600;
const KEY_FILE = 'media-signing.key';
/** Shorter keys are refused: the key is all that stands between a guest and a taken-down video. */
export const MEDIA_SIGNING_KEY_MIN_LENGTH = 32;

export interface MediaSigner {
  /** `signed/{expires}-{signature}/videos/{id}`: the folder to put a video's file names under. */
  videoFolder(videoId: number): string;
  /** True when `token` ({expires}-{signature}) was made by this key for this video and has not expired. */
  verify(token: string, videoId: number): boolean;
}

/**
 * Signs with `key`; verifies with `key` or, while a rotation settles (two hours: the longest an address
 * lives), with `previous` too (MEDIA_SIGNING_KEY_PREVIOUS, ADR 0027).
 */
export function mediaSigner(key: string | Buffer, { now = () => Date.now(), previous }: { now?: () => number; previous?: string | Buffer } = {}): MediaSigner {
  const signWith = (secret: string | Buffer, videoId: number, expires: number) => createHmac('sha256', secret).update(`videos/${videoId}:${expires}`).digest('base64url');
  const sign = (videoId: number, expires: number) => signWith(key, videoId, expires);
  const keys = previous ? [key, previous] : [key];
  return {
    videoFolder(videoId) {
      const expires = (Math.floor(now() / 1000 / HOUR_SECONDS) + 2) * HOUR_SECONDS;
      return `${SIGNED_MEDIA_PREFIX}/${expires}-${sign(videoId, expires)}/videos/${videoId}`;
    },
    verify(token, videoId) {
      const match = /^(\d{1,12})-([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return false;
      const expires = Number(match[1]);
      if (expires * 1000 <= now()) return false;
      const given = Buffer.from(match[2]!);
      return keys.some((secret) => {
        const expected = Buffer.from(signWith(secret, videoId, expires));
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
    },
  };
}

/**
 * MEDIA_SIGNING_KEY when set (every instance and, later, a CDN's edge must share it); otherwise a random
 * key kept beside the private files, made on first start. Instances that serve local media share DATA_DIR.
 */
export function loadMediaSigningKey(privateDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(privateDir, KEY_FILE);
  fs.mkdirSync(privateDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written whole under another name, then linked: an instance starting at the same time reads a whole key or none.
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(temp, randomBytes(32).toString('base64url'), { mode: 0o600 });
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  const key = fs.readFileSync(file, 'utf8').trim();
  if (key.length < MEDIA_SIGNING_KEY_MIN_LENGTH) throw new Error(`${file} holds no usable media signing key`);
  return key;
}
