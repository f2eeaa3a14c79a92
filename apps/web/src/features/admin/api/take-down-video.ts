import { adminVideoSchema, type AdminVideo } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

/** POST /admin/videos/{id}/take-down {reason}: hidden at once from every list, kept for an appeal. */
export async function takeDownVideo({ id, reason }: { id: number; reason: string }): Promise<AdminVideo> {
  return adminVideoSchema.parse(await api.post<unknown>(`/admin/videos/${id}/take-down`, { reason }));
}

export function useTakeDown() {
  return useAdminMutation(takeDownVideo);
}
