import { adminVideoSchema, type AdminVideo } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

/** POST /admin/videos/{id}/restore: a taken-down or reported video shows again. */
export async function restoreVideo(id: number): Promise<AdminVideo> {
  return adminVideoSchema.parse(await api.post<unknown>(`/admin/videos/${id}/restore`));
}

export function useRestore() {
  return useAdminMutation(restoreVideo);
}
