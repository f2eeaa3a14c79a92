import { verificationMessages } from '@flick/contract';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sniffImageType } from './private-storage.ts';

/**
 * Reads a multipart form whose images go to a private folder (identity verification, co-performer
 * releases): text fields as they come, and each allowed image field streamed into `dir` (mode 0600),
 * once, its real type checked by its first bytes (png or jpeg) and its size by the multipart limit.
 * Unknown and repeated file fields are drained unread. Answers the fields, the stored file names by
 * field and the problems by field; the caller removes the folder when it refuses the form.
 */
export async function receivePrivateImages<Field extends string>(parts: AsyncIterableIterator<Multipart>, dir: string, allowed: readonly Field[]) {
  const fields: Record<string, string> = {};
  const files = new Map<Field, string>();
  const problems: { field: string; message: string }[] = [];
  for await (const part of parts) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    const file = part as MultipartFile;
    const field = file.fieldname as Field;
    if (!allowed.includes(field) || files.has(field)) {
      file.file.resume();
      continue;
    }
    const target = path.join(dir, field);
    await pipeline(file.file, createWriteStream(target, { mode: 0o600 }));
    if (file.file.truncated) {
      problems.push({ field, message: verificationMessages.imageTooBig });
      continue;
    }
    const handle = await fs.open(target);
    const { buffer } = await handle.read(Buffer.alloc(8), 0, 8, 0).finally(() => handle.close());
    const kind = sniffImageType(buffer);
    if (!kind) {
      problems.push({ field, message: verificationMessages.imageType });
      continue;
    }
    await fs.rename(target, `${target}.${kind}`);
    files.set(field, `${field}.${kind}`);
  }
  return { fields, files, problems };
}
