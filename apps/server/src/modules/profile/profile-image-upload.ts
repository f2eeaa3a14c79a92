import type { Multipart, MultipartFile } from '@fastify/multipart';
import { profileImages, profilePageMessages, type ProfileImageField, type ProfileImageKind } from '@flick/contract';
import { eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import sharp from 'sharp';
import type { Database } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { sniffImageType } from '../../lib/private-storage.ts';
import { validationError } from '../../lib/validation.ts';
import { HttpError } from '../../lib/http-error.ts';
import { imageFileName, imageFileNames, imageHash, imageHeight } from '../accounts/profile-images.ts';

/** Beyond this many pixels an upload is refused before it is decoded (a 16 MB PNG can hold far more). */
const MAX_INPUT_PIXELS = 100_000_000;
const WEBP_QUALITY = 82;

const kindOfField = new Map<string, ProfileImageKind>((Object.keys(profileImages) as ProfileImageKind[]).map((kind) => [profileImages[kind].field, kind]));

const updatedMessage: Record<ProfileImageKind, string> = {
  avatar: profilePageMessages.profileImageUpdated,
  cover: profilePageMessages.coverImageUpdated,
};

interface ReceivedImage {
  kind: ProfileImageKind;
  field: ProfileImageField;
  data: Buffer;
}

/**
 * POST /v1/profile multipart `profile_photo` (avatar) or `profile_cover` (viewer.md §5, §7, §9). The image
 * is checked, then re-encoded into every size before anything is written; every copy is stored (whole),
 * and only then does the row point at them. A failure at any step
 * leaves neither files nor a changed row behind. The replaced image's files go once the row has moved on.
 */
export function profileImageUpload({ db, media, logger }: { db: Database; media: MediaStorage; logger: Logger }) {
  const keyOf = (userId: number, file: string) => `users/${userId}/${file}`;
  const urlOf = (userId: number, file: string) => media.urlOf(keyOf(userId, file));

  /** Reads every part (so the request ends cleanly), keeping the one image; problems are answered after. */
  async function receive(parts: AsyncIterableIterator<Multipart>): Promise<ReceivedImage> {
    let image: ReceivedImage | undefined;
    let problem: HttpError | undefined;
    for await (const part of parts) {
      if (part.type === 'field') continue;
      const file = part as MultipartFile;
      const kind = kindOfField.get(file.fieldname);
      if (!kind || image || problem) {
        file.file.resume();
        if (kind) problem ??= validationError([{ field: file.fieldname, message: profilePageMessages.oneImageAtATime }]);
        continue;
      }
      const field = file.fieldname as ProfileImageField;
      const chunks: Buffer[] = [];
      for await (const chunk of file.file) chunks.push(chunk as Buffer);
      const data = Buffer.concat(chunks);
      if (file.file.truncated) {
        problem = new HttpError(413, profilePageMessages.imageTooBig, { [field]: [profilePageMessages.imageTooBig] });
      } else if (!sniffImageType(data.subarray(0, 8))) {
        problem = validationError([{ field, message: profilePageMessages.imageType }]);
      } else {
        image = { kind, field, data };
      }
    }
    if (problem) throw problem;
    if (!image) throw validationError([{ field: '_', message: profilePageMessages.imageRequired }]);
    return image;
  }

  /** Every size of the image as WebP: oriented by its EXIF first, cropped to the kind's ratio, metadata dropped. */
  async function render({ kind, field, data }: ReceivedImage) {
    try {
      const source = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
      return await Promise.all(
        profileImages[kind].widths.map(async (width) => ({
          width,
          data: await source.clone().resize(width, imageHeight(kind, width), { fit: 'cover' }).webp({ quality: WEBP_QUALITY }).toBuffer(),
        })),
      );
    } catch {
      throw validationError([{ field, message: profilePageMessages.imageUnreadable }]);
    }
  }

  /** Stores every copy; on failure removes what it stored. */
  async function publish(userId: number, copies: { file: string; data: Buffer }[]) {
    const written: string[] = [];
    try {
      for (const copy of copies) {
        const key = keyOf(userId, copy.file);
        await media.publishData(key, copy.data);
        written.push(key);
      }
    } catch (error) {
      await removeFiles(written);
      throw error;
    }
  }

  async function removeFiles(keys: string[]) {
    await media.public.remove(keys).catch((error: unknown) => logger.warn({ err: error, keys }, 'could not remove an image file'));
  }

  /** Points the row at the new URL and answers the URL it replaced, under the row's lock. */
  async function swap(userId: number, kind: ProfileImageKind, url: string) {
    return db.transaction(async (tx) => {
      const [current] = await tx.select({ avatar: users.avatar, cover: users.cover }).from(users).where(eq(users.id, userId)).for('update');
      const [user] = await tx
        .update(users)
        .set({ [kind]: url, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning();
      if (!current || !user) throw new HttpError(404, 'Account not found.');
      return { user, replaced: current[kind] };
    });
  }

  return {
    async replace(user: UserRow, parts: AsyncIterableIterator<Multipart>): Promise<{ message: string; user: UserRow }> {
      const image = await receive(parts);
      const { kind } = image;
      const hash = createHash('sha256').update(image.data).digest('hex').slice(0, 16);
      const message = updatedMessage[kind];
      // The same picture again: its files are already in place.
      if (imageHash(kind, user[kind]) === hash) return { message, user };

      const copies = await render(image);
      await publish(
        user.id,
        copies.map((copy) => ({ file: imageFileName(kind, hash, copy.width), data: copy.data })),
      );
      const newFiles = imageFileNames(kind, hash).map((file) => keyOf(user.id, file));
      let swapped: Awaited<ReturnType<typeof swap>>;
      try {
        swapped = await swap(user.id, kind, urlOf(user.id, imageFileName(kind, hash, profileImages[kind].width)));
      } catch (error) {
        await removeFiles(newFiles);
        throw error;
      }
      const replacedHash = imageHash(kind, swapped.replaced);
      if (replacedHash && replacedHash !== hash) {
        await removeFiles(imageFileNames(kind, replacedHash).map((file) => keyOf(user.id, file)));
      }
      return { message, user: swapped.user };
    },
  };
}

export type ProfileImageUpload = ReturnType<typeof profileImageUpload>;
