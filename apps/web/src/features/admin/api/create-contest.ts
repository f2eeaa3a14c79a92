import { adminContestSchema, type AdminContest } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

export interface NewContest {
  userId: number;
  title: string;
  content: string;
}

/** POST /admin/contests: a contest on a creator's profile, last in their order. */
export async function createContest(contest: NewContest): Promise<AdminContest> {
  return adminContestSchema.parse(await api.post<unknown>('/admin/contests', contest));
}

export function useCreateContest() {
  return useAdminMutation(createContest);
}
