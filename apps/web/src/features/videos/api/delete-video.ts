import { messageResponseSchema } from '@flick/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../session/hooks/use-session.ts';
import { updateMyVideo } from './get-my-videos.ts';

/** viewer.md §7 GET /videos/{id}/delete: 200 marks the video deleting; its files are purged later. */
export async function deleteVideo(id: number) {
  return messageResponseSchema.parse(await api.get<unknown>(`/videos/${id}/delete`));
}

/** viewer.md §4: after a 200 the video shows as deleting in the creator's list. */
export function useDeleteVideo() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: (_answer, id) => {
      if (session) updateMyVideo(queryClient, session.userId, id, (video) => ({ ...video, status: 'deleting' }));
    },
  });
}
