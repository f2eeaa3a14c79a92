import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { diskStore, type ObjectStore } from './object-store.ts';

/**
 * Files no URL reaches: identity documents live under DATA_DIR/private (or `private/` in the private
 * bucket), outside every static root, and only admin tools open them. A document is written into a local
 * folder first, checked there, and only then committed to the store under the folder's key.
 */
export function privateStorage(dataDir: string, store: ObjectStore = diskStore(path.join(dataDir, 'private'))) {
  const root = path.join(dataDir, 'private');
  const work = path.join(dataDir, 'work', 'private');
  const local = store.kind === 'disk';
  const folderOf = (key: string) => path.join(local ? root : work, ...checkedKey(key).split('/'));
  return {
    /** A fresh folder for one upload; `commit` it once its files are good, or `remove` it. */
    async createFolder(...segments: string[]) {
      const key = [...segments, randomUUID()].join('/');
      const dir = folderOf(key);
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      return { dir, key };
    },
    /** Stores the folder's files under its key (on disk they already are). */
    async commit(folder: { dir: string; key: string }) {
      if (local) return;
      for (const name of await fs.readdir(folder.dir)) await store.put(`${folder.key}/${name}`, { file: path.join(folder.dir, name) });
      await fs.rm(folder.dir, { recursive: true, force: true });
    },
    read: (key: string) => store.read(checkedKey(key)),
    /** Where an operator finds the file: a path, or s3://bucket/private/key. */
    locate: (key: string) => store.locate(checkedKey(key)),
    async remove(key: string) {
      await fs.rm(folderOf(key), { recursive: true, force: true });
      if (!local) await store.removePrefix(`${key}/`);
    },
  };
}

function checkedKey(key: string): string {
  if (key === '' || path.isAbsolute(key) || key.split(/[\\/]/).some((part) => part === '..' || part === '')) {
    throw new Error('key outside private storage');
  }
  return key;
}

export type PrivateStorage = ReturnType<typeof privateStorage>;

/** png or jpeg by their first bytes; the name and the declared type are the sender's word only. */
export function sniffImageType(head: Buffer): 'png' | 'jpg' | undefined {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  return undefined;
}
