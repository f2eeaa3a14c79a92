import { adminContestSchema, type AdminContest, type adminContestCreateSchema } from '@flick/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

type NewContest = z.input<typeof adminContestCreateSchema>;

/** POST /admin/contests: a contest on a creator's profile, last in their order. */
export async function createContest(contest: NewContest): Promise<AdminContest> {
  return adminContestSchema.parse(await api.post<unknown>('/admin/contests', contest));
}

export function useCreateContest() {
  return useAdminMutation(createContest);
}
