import { adminContestSchema, type AdminContest, type adminContestUpdateSchema } from '@flick/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

type ContestChange = z.input<typeof adminContestUpdateSchema>;

/** POST /admin/contests/{id}: edit, reorder, end or reopen. */
export async function updateContest({ id, change }: { id: number; change: ContestChange }): Promise<AdminContest> {
  return adminContestSchema.parse(await api.post<unknown>(`/admin/contests/${id}`, change));
}

export function useUpdateContest() {
  return useAdminMutation(updateContest);
}
