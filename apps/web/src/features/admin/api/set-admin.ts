import { adminPersonSchema, type AdminPerson, type adminRoleSchema } from '@flick/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

/** POST /admin/users/{id}/admin {isAdmin}: make or revoke an admin (never oneself). */
export async function setAdmin({ id, isAdmin }: z.input<typeof adminRoleSchema> & { id: number }): Promise<AdminPerson> {
  return adminPersonSchema.parse(await api.post<unknown>(`/admin/users/${id}/admin`, { isAdmin }));
}

export function useSetAdmin() {
  return useAdminMutation(setAdmin);
}
