import { adminPeopleListSchema, type AdminPerson } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

/** GET /admin/users?query=: accounts by e-mail, username or name, newest first (everyone for an empty query). */
export async function getPeople(query: string, signal?: AbortSignal): Promise<AdminPerson[]> {
  return adminPeopleListSchema.parse(await api.get<unknown>(`/admin/users?query=${encodeURIComponent(query)}`, { signal })).data;
}

export const peopleQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [...adminKey, 'people', query],
    queryFn: ({ signal }) => getPeople(query, signal),
    staleTime: 0,
  });

export function usePeople(query: string) {
  return useQuery(peopleQueryOptions(query));
}
