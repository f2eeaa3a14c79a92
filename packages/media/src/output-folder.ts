import { randomBytes } from 'node:crypto';
import { renameSync } from 'node:fs';
import { lstat, readdir, readlink, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * The transcode's output folder on disk: written beside `outDir` (`<outDir>.tmp-*`), linked early while encoding,
 * published by renames so a reader sees the old output or the new one, never a half.
 */

/** A random name part, so runs into the same `outDir` never collide beside it. */
export function randomSuffix(): string {
  return randomBytes(6).toString('hex');
}

/**
 * Removes what an interrupted transcode into `outDir` left beside it (`<outDir>.tmp-*`, `<outDir>.old-*`),
 * e.g. after the worker was killed. Returns the removed paths.
 */
export async function removeStaleOutputs(outDir: string): Promise<string[]> {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const entries = await readdir(parent).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const stale = entries.filter((entry) => ['.tmp-', '.old-', '.link-'].some((infix) => entry.startsWith(`${base}${infix}`))).map((entry) => path.join(parent, entry));
  // A link at outDir itself points into a staging folder of the interrupted run.
  if (await isLink(outDir)) stale.push(outDir);
  await Promise.all(stale.map((entry) => rm(entry, { recursive: true, force: true })));
  return stale;
}

async function isLink(file: string): Promise<boolean> {
  return lstat(file).then(
    (info) => info.isSymbolicLink(),
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
}

/** Points `outDir` at `staging` (a link beside it), unless a real folder is there. Returns whether it did. */
export async function linkEarly(staging: string, outDir: string): Promise<boolean> {
  const existing = await lstat(outDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing && !existing.isSymbolicLink()) return false;
  const link = `${outDir}.link-${randomSuffix()}`;
  await symlink(path.basename(staging), link, 'dir');
  await rename(link, outDir);
  return true;
}

/** Removes the early link to `staging` if `outDir` still is one. */
export async function unlinkEarly(staging: string, outDir: string): Promise<void> {
  const target = await readlink(outDir).catch(() => null);
  if (target === path.basename(staging)) await unlink(outDir).catch(() => undefined);
}

export async function writeAtomically(file: string, content: string): Promise<void> {
  const temp = `${file}.tmp-${randomSuffix()}`;
  await writeFile(temp, content);
  await rename(temp, file);
}

/**
 * Replaces `outDir` (an older folder, or the early link to `staged` itself) with `staged` by renames, so
 * readers see the old output or the new one, never a half. A directory cannot be renamed over a link or
 * a full folder, so the old one is moved aside first; the two renames run back to back, with no turn of
 * the event loop between them, so the moment `outDir` is missing is a few microseconds, not the wait
 * for two thread-pool calls (a player reading the growing stream met that gap as a 404).
 */
export async function publish(staged: string, outDir: string): Promise<void> {
  const retired = `${outDir}.old-${randomSuffix()}`;
  let hadOld = true;
  try {
    renameSync(outDir, retired);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    hadOld = false;
  }
  try {
    renameSync(staged, outDir);
  } catch (error) {
    // Put the old output back rather than leave none.
    if (hadOld) renameSync(retired, outDir);
    throw error;
  }
  if (hadOld) await rm(retired, { recursive: true, force: true });
}
