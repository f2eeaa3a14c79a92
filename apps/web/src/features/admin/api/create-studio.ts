import { adminStudioKeySchema } from '@flick/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

export type StudioKey = z.infer<typeof adminStudioKeySchema>;

export interface NewStudio {
  name: string;
  managerEmail: string;
  managerPassword?: string;
}

/** POST /admin/studios: the studio and its first manager; the join key is in this answer only. */
export async function createStudio(studio: NewStudio): Promise<StudioKey> {
  return adminStudioKeySchema.parse(await api.post<unknown>('/admin/studios', studio));
}

export function useCreateStudio() {
  return useAdminMutation(createStudio);
}
