import { adminStudioKeySchema, type adminStudioCreateSchema } from '@flick/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

export type StudioKey = z.infer<typeof adminStudioKeySchema>;

type NewStudio = z.input<typeof adminStudioCreateSchema>;

/** POST /admin/studios: the studio and its first manager; the join key is in this answer only. */
export async function createStudio(studio: NewStudio): Promise<StudioKey> {
  return adminStudioKeySchema.parse(await api.post<unknown>('/admin/studios', studio));
}

export function useCreateStudio() {
  return useAdminMutation(createStudio);
}
