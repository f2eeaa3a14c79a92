import { adminPersonSchema, type AdminPerson } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

/** POST /admin/users/{id}/ban {reason}: signed out everywhere, profile and videos hidden, sign-in refused. */
export async function banPerson({ id, reason }: { id: number; reason: string }): Promise<AdminPerson> {
  return adminPersonSchema.parse(await api.post<unknown>(`/admin/users/${id}/ban`, { reason }));
}

export function useBan() {
  return useAdminMutation(banPerson);
}
