import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Files no URL reaches: identity documents live under DATA_DIR/private, outside every static root,
 * and only admin tools open them.
 */
export function privateStorage(dataDir: string) {
  const root = path.join(dataDir, 'private');
  return {
    root,
    /** A fresh folder for one upload; remove it whole if the upload does not complete. */
    async createFolder(...segments: string[]) {
      const dir = path.join(root, ...segments, randomUUID());
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      return { dir, key: path.relative(root, dir) };
    },
    pathOf(key: string) {
      const resolved = path.resolve(root, key);
      if (!resolved.startsWith(root + path.sep)) throw new Error('key outside private storage');
      return resolved;
    },
    async remove(key: string) {
      await fs.rm(this.pathOf(key), { recursive: true, force: true });
    },
  };
}

export type PrivateStorage = ReturnType<typeof privateStorage>;

/** png or jpeg by their first bytes; the name and the declared type are the sender's word only. */
export function sniffImageType(head: Buffer): 'png' | 'jpg' | undefined {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  return undefined;
}
