import { adminStudioSchema } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

const studiosSchema = z.object({ data: z.array(adminStudioSchema) });
export type AdminStudio = z.infer<typeof adminStudioSchema>;

/** GET /admin/studios: studios with their members and managers. */
export async function getStudios(signal?: AbortSignal): Promise<AdminStudio[]> {
  return studiosSchema.parse(await api.get<unknown>('/admin/studios', { signal })).data;
}

export const studiosQueryOptions = queryOptions({
  queryKey: [...adminKey, 'studios'],
  queryFn: ({ signal }) => getStudios(signal),
  staleTime: 0,
});

export function useStudios() {
  return useQuery(studiosQueryOptions);
}
