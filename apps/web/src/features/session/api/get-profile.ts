import { profileResponseSchema, type ProfileUser } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../hooks/use-session.ts';
import { endSessionOnError } from '../session-errors.ts';

/** accounts.md §7 GET /profile (bearer): the signed-in account. `token` overrides the session's. */
export async function getProfile({ signal, token }: { signal?: AbortSignal; token?: string } = {}): Promise<ProfileUser> {
  const data = await api.get<unknown>('/profile', { signal, token });
  return profileResponseSchema.parse(data).user;
}

/** Keyed by user id, so that another account signing in on this device never sees the last one's data. */
export const profileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['profile', userId],
    queryFn: ({ signal }) => getProfile({ signal }),
  });

/** A sign-in link's token, tried once (accounts.md §2 "/login/{token}"). */
export const profileWithTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['profile-with-token', token],
    queryFn: ({ signal }) => getProfile({ signal, token }),
    retry: false,
    staleTime: Infinity,
  });

/**
 * The signed-in account, for the screens behind the login guard. A token the server refuses ends
 * the session, and the guard sends the person to /login.
 */
export function useProfile() {
  const session = useSession();
  const profile = useQuery({ ...profileQueryOptions(session?.userId ?? ''), enabled: session !== null });
  useEffect(() => {
    endSessionOnError(profile.error);
  }, [profile.error]);
  return profile;
}
