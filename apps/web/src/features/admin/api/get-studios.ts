import { adminStudioListSchema, type AdminStudio } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

/** GET /admin/studios: studios with their members and managers. */
export async function getStudios(signal?: AbortSignal): Promise<AdminStudio[]> {
  return adminStudioListSchema.parse(await api.get<unknown>('/admin/studios', { signal })).data;
}

export const studiosQueryOptions = queryOptions({
  queryKey: [...adminKey, 'studios'],
  queryFn: ({ signal }) => getStudios(signal),
  staleTime: 0,
});

export function useStudios() {
  return useQuery(studiosQueryOptions);
}
