import { adminPersonSchema, type AdminPerson, type adminBanSchema } from '@flick/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

/** POST /admin/users/{id}/ban {reason}: signed out everywhere, profile and videos hidden, sign-in refused. */
export async function banPerson({ id, reason }: z.input<typeof adminBanSchema> & { id: number }): Promise<AdminPerson> {
  return adminPersonSchema.parse(await api.post<unknown>(`/admin/users/${id}/ban`, { reason }));
}

export function useBan() {
  return useAdminMutation(banPerson);
}
