import { ageOn, verificationFieldsSchema, verificationFileFields, verificationMessages, type VerificationFileField } from '@flick/contract';
import type { Multipart } from '@fastify/multipart';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { receivePrivateImages } from '../../lib/private-images.ts';
import type { PrivateStorage } from '../../lib/private-storage.ts';
import { validationError } from '../../lib/validation.ts';
import { HttpError } from '../../lib/http-error.ts';
import { verificationRepository } from './verification.repository.ts';

const fileFields = Object.keys(verificationFileFields) as VerificationFileField[];

export function verificationService(db: Database, storage: PrivateStorage) {
  const repo = verificationRepository(db);

  return {
    async submit(user: UserRow, parts: AsyncIterableIterator<Multipart>) {
      if (user.type === 'user') throw new HttpError(403, verificationMessages.notForType);
      if (user.isVerified === 'pending') throw new HttpError(422, verificationMessages.alreadyPending);
      if (user.isVerified === 'approved') throw new HttpError(422, verificationMessages.alreadyApproved);

      const folder = await storage.createFolder('verifications', String(user.id));
      try {
        const { fields, files, problems } = await receivePrivateImages(parts, folder.dir, fileFields);
        const parsed = verificationFieldsSchema.safeParse(fields);
        const issues = parsed.success ? [] : parsed.error.issues.map((i) => ({ field: i.path.join('.') || '_', message: i.message }));
        if (parsed.success && ageOn(parsed.data.date_of_birth, new Date()) < 18) {
          issues.push({ field: 'date_of_birth', message: verificationMessages.underage });
        }
        for (const field of fileFields) {
          if (!files.has(field) && !problems.some((p) => p.field === field)) {
            issues.push({ field, message: verificationFileFields[field] });
          }
        }
        issues.push(...problems);
        if (issues.length > 0 || !parsed.success) throw validationError(issues);

        const input = parsed.data;
        await storage.commit(folder);
        const keys = fileFields.map((field) => `${folder.key}/${files.get(field)!}`);
        const locked = await repo.submit(user.id, {
          legalName: input.legal_name,
          address: input.address,
          identification: input.identification,
          identificationId: input.identification_id,
          gender: input.gender,
          dateOfBirth: input.date_of_birth,
          age: input.age,
          country: input.country.toUpperCase(),
          stageName: input.stage_name,
          files: keys,
        });
        if (!locked) throw new HttpError(422, verificationMessages.alreadyPending);
        return locked;
      } catch (error) {
        await storage.remove(folder.key);
        throw error;
      }
    },

    listPending: () => repo.listPending(),

    find: (id: number) => repo.find(id),

    latestFor: (userId: number) => repo.latestFor(userId),

    /** An admin's decision; a rejected creator may submit again. */
    async review(id: number, decision: 'approved' | 'rejected', reviewerId: number | null, reason?: string) {
      const row = await repo.review(id, decision, reviewerId, reason);
      if (!row) throw new HttpError(404, `No pending verification #${id}.`);
      return row;
    },
  };
}

export type VerificationService = ReturnType<typeof verificationService>;
