import { adminVerificationRecordSchema } from '@flick/contract';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

const recordsSchema = z.object({ data: z.array(adminVerificationRecordSchema) });
export type VerificationRecord = z.infer<typeof adminVerificationRecordSchema>;

/**
 * GET /admin/verifications/records: one creator's verification records (user_id), or every approved creator's,
 * for an inspection (§2257). Asked once per download, never cached: no query options.
 */
export async function getVerificationRecords(userId?: number): Promise<VerificationRecord[]> {
  const query = userId === undefined ? '' : `?user_id=${userId}`;
  return recordsSchema.parse(await api.get<unknown>(`/admin/verifications/records${query}`)).data;
}
