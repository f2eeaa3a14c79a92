import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMediaSigningKey, mediaSigner } from './media-signing.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flick-media-signing-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const KEY = 'k'.repeat(32);
const tokenOf = (folder: string) => folder.split('/')[1]!;

describe('signed media addresses', () => {
  it('signs a video’s folder with a token only good for that video, until it expires', () => {
    let now = Date.UTC(2026, 10, 27, 15, 30);
    const signer = mediaSigner(KEY, { now: () => now });
    const folder = signer.videoFolder(12);
    expect(folder).toMatch(/^signed\/\d+-[A-Za-z0-9_-]{43}\/videos\/12$/);
    const token = tokenOf(folder);
    expect(signer.verify(token, 12)).toBe(true);
    expect(signer.verify(token, 13)).toBe(false);
    expect(mediaSigner('x'.repeat(32), { now: () => now }).verify(token, 12)).toBe(false);
    now += 89 * 60_000;
    expect(signer.verify(token, 12)).toBe(true);
    now += 60_000;
    expect(signer.verify(token, 12)).toBe(false);
  });

  it('accepts the previous key’s addresses while a rotation settles, and signs only with the new one', () => {
    const now = () => Date.UTC(2026, 10, 27, 15, 30);
    const old = mediaSigner('o'.repeat(32), { now });
    const rotated = mediaSigner(KEY, { now, previous: 'o'.repeat(32) });
    expect(rotated.verify(tokenOf(old.videoFolder(12)), 12)).toBe(true);
    expect(rotated.verify(tokenOf(old.videoFolder(12)), 13)).toBe(false);
    expect(rotated.videoFolder(12)).toBe(mediaSigner(KEY, { now }).videoFolder(12));
    expect(mediaSigner(KEY, { now }).verify(tokenOf(old.videoFolder(12)), 12)).toBe(false);
  });

  it('keeps the same address for the same hour, so the browser may reuse what it fetched', () => {
    const at = (minute: number) => mediaSigner(KEY, { now: () => Date.UTC(2026, 10, 27, 15, minute) }).videoFolder(12);
    expect(at(1)).toBe(at(59));
    expect(at(59)).not.toBe(mediaSigner(KEY, { now: () => Date.UTC(2026, 10, 27, 16, 0) }).videoFolder(12));
  });

  it('refuses tokens that are malformed or forged by changing the expiry', () => {
    const signer = mediaSigner(KEY);
    // base64url may hold a '-' itself: only the first one ends the expiry.
    const [, expires, signature] = /^(\d+)-(.+)$/.exec(tokenOf(signer.videoFolder(5))) as unknown as [string, string, string];
    for (const token of ['', '-', `${expires}`, `${Number(expires) + 3600}-${signature}`, `${expires}-${signature.slice(1)}`, `${expires}-${signature}x`]) {
      expect(signer.verify(token, 5)).toBe(false);
    }
  });

  it('uses MEDIA_SIGNING_KEY when set, and otherwise makes one key on first start and keeps it', () => {
    expect(loadMediaSigningKey(dir, KEY)).toBe(KEY);
    const first = loadMediaSigningKey(dir, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadMediaSigningKey(dir, undefined)).toBe(first);
    expect(fs.statSync(path.join(dir, 'media-signing.key')).mode & 0o077).toBe(0);
  });
});
