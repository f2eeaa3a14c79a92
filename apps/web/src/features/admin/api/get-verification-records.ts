import { adminVerificationRecordListSchema, type AdminVerificationRecord } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /admin/verifications/records: one creator's verification records (user_id), or every approved creator's,
 * for an inspection (§2257). Asked once per download, never cached: no query options.
 */
export async function getVerificationRecords(userId?: number): Promise<AdminVerificationRecord[]> {
  const query = userId === undefined ? '' : `?user_id=${userId}`;
  return adminVerificationRecordListSchema.parse(await api.get<unknown>(`/admin/verifications/records${query}`)).data;
}
