import { adminPersonSchema, type AdminPerson } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

/** POST /admin/users/{id}/unban. */
export async function unbanPerson(id: number): Promise<AdminPerson> {
  return adminPersonSchema.parse(await api.post<unknown>(`/admin/users/${id}/unban`));
}

export function useUnban() {
  return useAdminMutation(unbanPerson);
}
