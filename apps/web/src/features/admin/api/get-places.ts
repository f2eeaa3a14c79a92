import { geoPlacesResponseSchema, type GeoPlacesResponse } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /geo/places: every country and the regions of the countries that have them, the places an age rule
 * can name (the same list geo-blocking offers; asked here, as features do not import each other).
 */
async function getPlaces(signal?: AbortSignal): Promise<GeoPlacesResponse> {
  return geoPlacesResponseSchema.parse(await api.get<unknown>('/geo/places', { signal, auth: false }));
}

// Not under the admin key: the list changes only with a server release, not with a decision.
export const placesQueryOptions = queryOptions({
  queryKey: ['admin-places'],
  queryFn: ({ signal }) => getPlaces(signal),
  staleTime: Infinity,
});

export function usePlaces() {
  return useQuery(placesQueryOptions);
}
