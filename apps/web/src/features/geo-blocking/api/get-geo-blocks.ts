import { geoBlockListResponseSchema, type GeoBlockListResponse } from '@flick/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../session/hooks/use-session.ts';
import { endSessionOnError } from '../../session/session-errors.ts';

export type GeoBlockEntry = GeoBlockListResponse['countries'][number];

/** accounts.md §7 GET /profile/get-geo-blocked-countries (bearer). */
async function getGeoBlocks(signal?: AbortSignal): Promise<GeoBlockEntry[]> {
  return geoBlockListResponseSchema.parse(await api.get<unknown>('/profile/get-geo-blocked-countries', { signal })).countries;
}

/** Keyed by user id, like the profile: another account signing in on this device never sees this list. */
export const geoBlocksQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['geo-blocks', userId],
    queryFn: ({ signal }) => getGeoBlocks(signal),
  });

/** The signed-in creator's blocked countries and regions; a refused token ends the session. */
export function useGeoBlocks() {
  const session = useSession();
  const blocks = useQuery({ ...geoBlocksQueryOptions(session?.userId ?? ''), enabled: session !== null });
  useEffect(() => {
    endSessionOnError(blocks.error);
  }, [blocks.error]);
  return blocks;
}

/** Puts the server's answer to an add or a remove in place of the cached list (accounts.md §4: the list shows it). */
export function useShowGeoBlocks() {
  const queryClient = useQueryClient();
  const session = useSession();
  return (countries: GeoBlockEntry[]) => {
    if (session) queryClient.setQueryData(geoBlocksQueryOptions(session.userId).queryKey, countries);
  };
}
