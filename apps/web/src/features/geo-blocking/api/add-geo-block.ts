import { geoBlockListResponseSchema } from '@flick/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { endSessionOnError } from '../../session/session-errors.ts';
import { useShowGeoBlocks, type GeoBlockEntry } from './get-geo-blocks.ts';

/** accounts.md §7 POST /profile/add-geo-blocked-country (bearer): the answer is the whole new list. */
async function addGeoBlock(block: GeoBlockEntry): Promise<GeoBlockEntry[]> {
  return geoBlockListResponseSchema.parse(await api.post<unknown>('/profile/add-geo-blocked-country', block)).countries;
}

/** Blocks a country or a region; the sheet that asked shows a failure (see addFailureMessage). */
export function useAddGeoBlock() {
  const show = useShowGeoBlocks();
  return useMutation({
    mutationFn: addGeoBlock,
    onSuccess: show,
    onError: (error) => void endSessionOnError(error),
  });
}
