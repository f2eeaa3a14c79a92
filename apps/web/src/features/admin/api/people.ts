import { adminPersonSchema, type AdminPerson } from '@flick/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKey, useAdminMutation } from './admin-mutation.ts';

const peopleSchema = z.object({ data: z.array(adminPersonSchema) });
const person = async (request: Promise<unknown>): Promise<AdminPerson> => adminPersonSchema.parse(await request);

/** GET /admin/users?query=: accounts by e-mail, username or name, newest first (everyone for an empty query). */
export async function getPeople(query: string, signal?: AbortSignal): Promise<AdminPerson[]> {
  return peopleSchema.parse(await api.get<unknown>(`/admin/users?query=${encodeURIComponent(query)}`, { signal })).data;
}

export function usePeople(query: string) {
  return useQuery({ queryKey: [...adminKey, 'people', query], queryFn: ({ signal }) => getPeople(query, signal), staleTime: 0 });
}

/** POST /admin/users/{id}/ban {reason}: signed out everywhere, profile and videos hidden, sign-in refused. */
export function useBan() {
  return useAdminMutation(({ id, reason }: { id: number; reason: string }) => person(api.post(`/admin/users/${id}/ban`, { reason })));
}

/** POST /admin/users/{id}/unban. */
export function useUnban() {
  return useAdminMutation((id: number) => person(api.post(`/admin/users/${id}/unban`)));
}

/** POST /admin/users/{id}/admin {isAdmin}: make or revoke an admin (never oneself). */
export function useSetAdmin() {
  return useAdminMutation(({ id, isAdmin }: { id: number; isAdmin: boolean }) => person(api.post(`/admin/users/${id}/admin`, { isAdmin })));
}

export interface NewChannel {
  email: string;
  name: string;
  username: string;
  password: string;
}

/** POST /admin/channels: a channel account. */
export function useCreateChannel() {
  return useAdminMutation((channel: NewChannel) => person(api.post('/admin/channels', channel)));
}
