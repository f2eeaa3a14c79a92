import { geoPlacesResponseSchema, type GeoPlacesResponse } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/geo/places: every country, and the regions of the countries whose regions can be blocked. */
async function getGeoPlaces(signal?: AbortSignal): Promise<GeoPlacesResponse> {
  return geoPlacesResponseSchema.parse(await api.get<unknown>('/geo/places', { signal, auth: false }));
}

// The lists change only with a server release: asked once per visit.
export const geoPlacesQueryOptions = queryOptions({
  queryKey: ['geo-places'],
  queryFn: ({ signal }) => getGeoPlaces(signal),
  staleTime: Infinity,
});

export function useGeoPlaces() {
  return useQuery(geoPlacesQueryOptions);
}
