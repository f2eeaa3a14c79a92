import { adminMessages, type AdminVerification } from '@flick/contract';
import path from 'node:path';
import type pg from 'pg';
import type { UserRow } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { PrivateStorage } from '../../lib/private-storage.ts';
import type { VerificationService } from '../verification/verification.service.ts';
import { adminRepository } from './admin.repository.ts';

const AUDIT_PAGE = 50;
const QUEUE_PAGE = 100;
const imageTypes: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.heic': 'image/heic' };
const fileNames = ['Front of the ID', 'Back of the ID', 'Face with the ID', 'Signature'];

/** The admin console's service (ADR 0015): queues, verification review, and the audit log. */
export function adminService({ pool, verification, storage }: { pool: pg.Pool; verification: VerificationService; storage: PrivateStorage }) {
  const repo = adminRepository(pool);

  return {
    overview: () => repo.overview(),

    verifications: (status: 'pending' | 'approved' | 'rejected') => repo.verifications(status, QUEUE_PAGE),

    async verification(id: number): Promise<AdminVerification> {
      const row = await repo.verification(id);
      if (!row) throw new HttpError(404, adminMessages.verificationNotFound);
      const { files, ...rest } = row;
      return { ...rest, files: files.map((_, i) => ({ name: fileNames[i] ?? `Image ${i + 1}`, url: `/v1/admin/verifications/${id}/files/${i}` })) };
    },

    /**
     * An ID image, read from private storage by the key the request stored: the path never comes from
     * the client, only the image's number does.
     */
    async verificationFile(id: number, index: number): Promise<{ data: Buffer; type: string }> {
      const row = await repo.verification(id);
      const key = row?.files[index];
      if (!row || !key) throw new HttpError(404, adminMessages.fileNotFound);
      const type = imageTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
      const data = await storage.read(key).catch(() => null);
      if (!data) throw new HttpError(404, adminMessages.fileNotFound);
      return { data, type };
    },

    /** Approve or reject a pending request; a request already decided (by anyone) answers 409 and changes nothing. */
    async decideVerification(admin: UserRow, id: number, decision: 'approved' | 'rejected', reason?: string) {
      const row = await repo.verification(id);
      if (!row) throw new HttpError(404, adminMessages.verificationNotFound);
      try {
        await verification.review(id, decision, admin.id, decision === 'rejected' ? reason : undefined);
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
        const now = await repo.verification(id);
        throw new HttpError(409, adminMessages.alreadyDecided(now?.status ?? 'decided'));
      }
      return this.verification(id);
    },

    audit: (filter: { target_type?: string; target_id?: number; action?: string; cursor?: string }) =>
      repo.audit({ targetType: filter.target_type, targetId: filter.target_id, action: filter.action, cursor: filter.cursor }, AUDIT_PAGE),
  };
}

export type AdminService = ReturnType<typeof adminService>;
