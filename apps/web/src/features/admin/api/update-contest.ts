import { adminContestSchema, type AdminContest } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

export interface ContestChange {
  title?: string;
  content?: string;
  position?: number;
  ended?: boolean;
}

/** POST /admin/contests/{id}: edit, reorder, end or reopen. */
export async function updateContest({ id, change }: { id: number; change: ContestChange }): Promise<AdminContest> {
  return adminContestSchema.parse(await api.post<unknown>(`/admin/contests/${id}`, change));
}

export function useUpdateContest() {
  return useAdminMutation(updateContest);
}
