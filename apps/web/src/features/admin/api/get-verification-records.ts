import { adminRecordExportSchema } from '@flick/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /admin/verifications/records: one creator's verification records (user_id), or every approved creator's,
 * and for each video everyone depicted in it, co-performers too (ADR 0029), for an inspection (§2257).
 * Asked once per download, never cached: no query options.
 */
export async function getVerificationRecords(userId?: number): Promise<z.infer<typeof adminRecordExportSchema>> {
  const query = userId === undefined ? '' : `?user_id=${userId}`;
  return adminRecordExportSchema.parse(await api.get<unknown>(`/admin/verifications/records${query}`));
}
