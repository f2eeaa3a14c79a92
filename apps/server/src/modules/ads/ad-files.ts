import { createHash } from 'node:crypto';
import type { MediaStorage } from '../../lib/media-storage.ts';

/** Writes `bytes` as a content-named file of the public ads folder; its name. */
export async function storeAdFile(media: MediaStorage, campaignId: number, bytes: Buffer, extension: string): Promise<string> {
  const name = `${campaignId}-${createHash('sha256').update(bytes).digest('hex').slice(0, 20)}.${extension}`;
  await media.publishData(`ads/${name}`, bytes);
  return name;
}

/** Removes a file of the public ads folder (one written for a decision that did not hold). */
export async function removeAdFile(media: MediaStorage, name: string): Promise<void> {
  await media.public.remove([`ads/${name}`]);
}

/** Where an uploaded video ad waits, privately, for its transcode (the private store, never served). */
export const adUploadKey = (id: string) => `ad-uploads/${id}`;
