import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sweepExpiredUploads } from './resumable-upload.ts';
import { UPLOAD_EXPIRY_MS } from './upload-quota.ts';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'flick-sweep-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

async function file(name: string, ageMs: number, now: number) {
  const at = new Date(now - ageMs);
  await fs.writeFile(path.join(dir, name), 'x');
  await fs.utimes(path.join(dir, name), at, at);
}

describe('sweepExpiredUploads', () => {
  it('removes the files nobody wrote to for a day, and keeps uploads still in progress', async () => {
    const now = Date.now();
    await file('a1', UPLOAD_EXPIRY_MS + 60_000, now);
    await file('a1.json', UPLOAD_EXPIRY_MS + 60_000, now);
    await file('b2', 60_000, now);
    await file('b2.json', 60_000, now);
    expect(await sweepExpiredUploads(dir, now)).toBe(2);
    expect((await fs.readdir(dir)).sort()).toEqual(['b2', 'b2.json']);
  });

  it('has nothing to do before the first upload made the folder', async () => {
    expect(await sweepExpiredUploads(path.join(dir, 'missing'), Date.now())).toBe(0);
  });
});
