import { DataStore, ERRORS, Upload } from '@tus/utils';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from '../../lib/object-store.ts';

/** Chunk keys sort by offset: `uploads/<id>/<offset, 13 digits>-<length>`. */
const CHUNK = /\/(\d{13})-(\d+)$/;

/**
 * A tus data store on an object store (the private bucket), so any instance can take the next PATCH of
 * an upload: each PATCH's bytes are kept locally while they arrive, then stored as one chunk object
 * named by its offset and length. The upload's offset is where its chunks end; a PATCH cut short stores
 * what arrived, and one lost with its instance is simply sent again by the client from the last offset.
 */
export class ObjectUploadStore extends DataStore {
  constructor(
    private readonly store: ObjectStore,
    private readonly workDir: string,
    private readonly expiryMs: number,
  ) {
    super();
    this.extensions = ['creation', 'termination', 'expiration'];
  }

  private infoKey = (id: string) => `uploads/${id}/info.json`;

  override async create(upload: Upload): Promise<Upload> {
    upload.creation_date ??= new Date().toISOString();
    await this.store.put(this.infoKey(upload.id), { data: Buffer.from(JSON.stringify(upload)) }, { contentType: 'application/json' });
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const info = await this.store.read(this.infoKey(id));
    if (!info) throw ERRORS.FILE_NOT_FOUND;
    const saved = JSON.parse(info.toString('utf8')) as Upload;
    return new Upload({ ...saved, offset: chunksEnd(await this.chunks(id)) });
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    await fs.mkdir(this.workDir, { recursive: true });
    const temp = path.join(this.workDir, `${id}-${randomUUID()}`);
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(null, chunk);
      },
    });
    let failure: unknown;
    try {
      await pipeline(readable, counter, createWriteStream(temp)).catch((error: unknown) => (failure = error));
      // What arrived of a PATCH cut short is kept: the client resumes after it.
      if (received > 0) await this.store.put(`uploads/${id}/${String(offset).padStart(13, '0')}-${received}`, { file: temp });
    } finally {
      await fs.rm(temp, { force: true });
    }
    if (failure) throw ERRORS.FILE_WRITE_ERROR;
    return offset + received;
  }

  override async remove(id: string): Promise<void> {
    await this.store.removePrefix(`uploads/${id}/`);
  }

  override getExpiration(): number {
    return this.expiryMs;
  }

  /** Removes every upload created longer ago than the expiry period; how many went. */
  override async deleteExpired(): Promise<number> {
    const infos = (await this.store.list('uploads/')).filter((key) => key.endsWith('/info.json'));
    let removed = 0;
    for (const key of infos) {
      const id = key.split('/')[1]!;
      const info = await this.store.read(key);
      const created = info ? Date.parse((JSON.parse(info.toString('utf8')) as Upload).creation_date ?? '') : Number.NaN;
      if (Number.isFinite(created) && Date.now() - created < this.expiryMs) continue;
      await this.remove(id);
      removed += 1;
    }
    return removed;
  }

  /** The finished upload as one local file: each chunk written at its offset. */
  async assemble(id: string, file: string): Promise<void> {
    await fs.writeFile(file, '');
    for (const { key, offset } of await this.chunks(id)) {
      const part = `${file}.part`;
      try {
        if (!(await this.store.download(key, part))) throw new Error(`upload ${id} lost its chunk ${key}`);
        await pipeline(createReadStream(part), createWriteStream(file, { flags: 'r+', start: offset }));
      } finally {
        await fs.rm(part, { force: true });
      }
    }
  }

  private async chunks(id: string) {
    const chunks = [];
    for (const key of await this.store.list(`uploads/${id}/`)) {
      const match = CHUNK.exec(key);
      if (match) chunks.push({ key, offset: Number(match[1]), length: Number(match[2]) });
    }
    return chunks.sort((a, b) => a.offset - b.offset);
  }
}

/** Where the chunks end without a gap; a chunk written twice at one offset (a retried PATCH) counts once. */
function chunksEnd(chunks: { offset: number; length: number }[]): number {
  let end = 0;
  for (const chunk of chunks) {
    if (chunk.offset > end) break;
    end = Math.max(end, chunk.offset + chunk.length);
  }
  return end;
}
