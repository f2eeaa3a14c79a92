import { adminStudioKeySchema } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import type { StudioKey } from './create-studio.ts';

/** POST /admin/studios/{id}/rotate-key: a new key (in this answer only); the old one stops working. */
export async function rotateStudioKey(id: number): Promise<StudioKey> {
  return adminStudioKeySchema.parse(await api.post<unknown>(`/admin/studios/${id}/rotate-key`));
}

export function useRotateStudioKey() {
  return useAdminMutation(rotateStudioKey);
}
