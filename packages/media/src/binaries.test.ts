import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveBinaries, resolveBinary } from './binaries.ts';

let dir: string;
let executable: string;
let plainFile: string;
const nothingInstalled = () => Promise.reject(new Error('not installed'));

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'flick-binaries-'));
  executable = path.join(dir, 'ffmpeg');
  plainFile = path.join(dir, 'ffprobe');
  await writeFile(executable, '#!/bin/sh\n');
  await chmod(executable, 0o755);
  await writeFile(plainFile, '');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('resolveBinary', () => {
  it('takes FFMPEG_PATH first', async () => {
    await expect(resolveBinary('ffmpeg', { env: { FFMPEG_PATH: executable, PATH: '/usr/bin' } })).resolves.toBe(executable);
  });

  it('names the variable when it points at something unusable', async () => {
    await expect(resolveBinary('ffprobe', { env: { FFPROBE_PATH: plainFile } })).rejects.toThrow(
      `FFPROBE_PATH is set to "${plainFile}", which is not an executable file.`,
    );
  });

  it('finds the first executable on PATH, skipping files that are not executable', async () => {
    await expect(resolveBinary('ffmpeg', { env: { PATH: ['/nonexistent', dir].join(path.delimiter) } })).resolves.toBe(executable);
    await expect(resolveBinary('ffprobe', { env: { PATH: dir }, importPackage: nothingInstalled })).rejects.toThrow(
      'ffprobe was not found: set FFPROBE_PATH to its path, put ffprobe on PATH, or install @ffprobe-installer/ffprobe.',
    );
  });

  it('falls back to the installer package', async () => {
    const loaded: string[] = [];
    const importPackage = (specifier: string) => {
      loaded.push(specifier);
      return Promise.resolve({ default: { path: executable } });
    };
    await expect(resolveBinaries({ env: { PATH: '' }, importPackage })).resolves.toEqual({ ffmpeg: executable, ffprobe: executable });
    expect(loaded.sort()).toEqual(['@ffmpeg-installer/ffmpeg', '@ffprobe-installer/ffprobe']);
  });
});
