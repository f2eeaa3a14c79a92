import { adminVideoSchema, type AdminVideo } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

/** POST /admin/holds/{id}/take-down {reason}: the held video is rejected for good, its uploader reads the reason. */
export async function takeDownHeldVideo({ id, reason }: { id: number; reason: string }): Promise<AdminVideo> {
  return adminVideoSchema.parse(await api.post<unknown>(`/admin/holds/${id}/take-down`, { reason }));
}

export function useTakeDownHeldVideo() {
  return useAdminMutation(takeDownHeldVideo);
}
