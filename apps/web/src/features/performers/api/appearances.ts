import { appearanceListSchema, appearanceSchema, type Appearance, type AppearanceDecisionRequest } from '@flick/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api, nextPagePath } from '../../../lib/api-client.ts';
import { uniqueById } from '../../../lib/unique-by-id.ts';
import { useSession } from '../../session/hooks/use-session.ts';

type AppearancePage = ReturnType<typeof appearanceListSchema.parse>;

/** Every account's requests live under this key, keyed by user id so that accounts never share one. */
export const appearancesQueryKey = ['appearances'] as const;

export const appearancesQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: [...appearancesQueryKey, userId],
    queryFn: async ({ pageParam, signal }): Promise<AppearancePage> => appearanceListSchema.parse(await api.get<unknown>(pageParam, { signal })),
    initialPageParam: '/profile/appearances',
    getNextPageParam: (last) => (last.links.next ? nextPagePath(last.links.next) : undefined),
  });

export const appearancesOf = (data: InfiniteData<AppearancePage, unknown> | undefined): Appearance[] => uniqueById(data?.pages.flatMap((page) => page.data) ?? []);

/** GET /profile/appearances (bearer): the requests to appear in other creators' videos, newest first. */
export function useAppearances() {
  const session = useSession();
  return useInfiniteQuery({ ...appearancesQueryOptions(session?.userId ?? ''), enabled: session !== null });
}

/** The requests still waiting for an answer: how many (a page's worth at most, and whether there are more). */
export function usePendingAppearances() {
  const session = useSession();
  return useQuery({
    queryKey: [...appearancesQueryKey, session?.userId ?? '', 'pending'],
    queryFn: async ({ signal }) => {
      const page = appearanceListSchema.parse(await api.get<unknown>('/profile/appearances?status=pending', { signal }));
      return { count: page.data.length, more: page.links.next !== null };
    },
    enabled: session !== null,
  });
}

/** POST /profile/appearances/{id}/decision: approve, refuse (reason optional) or withdraw an approval (reason required). */
export async function decideAppearance({ id, ...decision }: AppearanceDecisionRequest & { id: number }): Promise<Appearance> {
  return appearanceSchema.parse(await api.post<unknown>(`/profile/appearances/${id}/decision`, decision));
}

/** The answer replaces the request in the list: its new status, and the video as it is now. */
export function useDecideAppearance() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: decideAppearance,
    onSuccess: (changed) => {
      if (!session) return;
      void queryClient.invalidateQueries({ queryKey: [...appearancesQueryKey, session.userId, 'pending'] });
      queryClient.setQueryData<InfiniteData<AppearancePage, string>>(
        appearancesQueryOptions(session.userId).queryKey,
        (data) => data && { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map((item) => (item.id === changed.id ? changed : item)) })) },
      );
    },
  });
}
