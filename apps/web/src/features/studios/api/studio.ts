import { studioConsoleResponseSchema, studioResponseSchema, type StudioConsoleResponse, type StudioResponse } from '@flick/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../session/hooks/use-session.ts';

const studioKey = (userId: string) => ['profile-studio', userId];

/**
 * accounts.md §7 GET /profile/studio: the studio's name when one manages the account; null for its 404
 * (none does). Any other failure is an error, never "no studio": the screen would offer to join one.
 */
async function getStudio(signal?: AbortSignal): Promise<StudioResponse | null> {
  try {
    return studioResponseSchema.parse(await api.get<unknown>('/profile/studio', { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useStudio() {
  const session = useSession();
  return useQuery({ queryKey: studioKey(session?.userId ?? ''), queryFn: ({ signal }) => getStudio(signal), enabled: session !== null, staleTime: 0 });
}

/** POST /profile/join-studio {key}: the studio's name; the screen turns managed. */
export function useJoinStudio() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: string) => studioResponseSchema.parse(await api.post<unknown>('/profile/join-studio', { key })),
    onSuccess: (studio) => queryClient.setQueryData(studioKey(session?.userId ?? ''), studio),
  });
}

/** POST /profile/leave-studio: the screen turns unmanaged. */
export function useLeaveStudio() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>('/profile/leave-studio'),
    onSuccess: () => queryClient.setQueryData(studioKey(session?.userId ?? ''), null),
  });
}

/** GET /studio: the console of the studio the signed-in manager runs. */
export function useStudioConsole() {
  const session = useSession();
  return useQuery({
    queryKey: ['studio-console', session?.userId ?? ''],
    queryFn: async ({ signal }): Promise<StudioConsoleResponse> => studioConsoleResponseSchema.parse(await api.get<unknown>('/studio', { signal })),
    enabled: session !== null,
    staleTime: 10_000,
  });
}
