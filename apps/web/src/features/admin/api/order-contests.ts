import { adminContestListSchema, type AdminContest, type adminContestOrderSchema } from '@flick/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { contestsQueryOptions } from './get-contests.ts';

type ContestOrder = z.infer<typeof adminContestOrderSchema>;

/** POST /admin/contests/order: one creator's contests, each once, in their new order; the answer is the whole list. */
export async function orderContests(order: ContestOrder): Promise<AdminContest[]> {
  return adminContestListSchema.parse(await api.post<unknown>('/admin/contests/order', order)).data;
}

export function useOrderContests() {
  return useAdminMutation(
    orderContests,
    // The rows take their new places at once, before the console's data is asked for again.
    (contests, _order, queryClient) => queryClient.setQueryData(contestsQueryOptions.queryKey, contests),
  );
}
