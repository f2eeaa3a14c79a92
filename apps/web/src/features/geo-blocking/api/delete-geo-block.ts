import { geoBlockListResponseSchema, geoMessages } from '@flick/contract';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast.tsx';
import { api } from '../../../lib/api-client.ts';
import { endSessionOnError } from '../../session/session-errors.ts';
import { useShowGeoBlocks, type GeoBlockEntry } from './get-geo-blocks.ts';

/** accounts.md §7 POST /profile/delete-geo-blocked-country (bearer): the answer is the whole new list. */
async function deleteGeoBlock(block: GeoBlockEntry): Promise<GeoBlockEntry[]> {
  return geoBlockListResponseSchema.parse(await api.post<unknown>('/profile/delete-geo-blocked-country', block)).countries;
}

/** Shows the creator again in a country or region; a failure is a toast (accounts.md §8). */
export function useDeleteGeoBlock() {
  const show = useShowGeoBlocks();
  return useMutation({
    mutationFn: deleteGeoBlock,
    onSuccess: show,
    onError: (error) => {
      if (!endSessionOnError(error)) toast(geoMessages.removeFailed, { tone: 'error' });
    },
  });
}
