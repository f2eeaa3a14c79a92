import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Session } from '../stores/session-store.ts';

/**
 * Whether the signed-in account is an admin (ADR 0015): the menu's console entry, and no ads (ADR 0016).
 * Read from GET /profile field by field, like the configuration: no schema library for one flag.
 * Undefined while it is not known yet (or not asked: `enabled` false); false for a guest.
 */
export function useIsAdmin(session: Session | null, { enabled = true }: { enabled?: boolean } = {}): boolean | undefined {
  const { data } = useQuery({
    queryKey: ['profile-is-admin', session?.userId ?? ''],
    queryFn: async ({ signal }) => (await api.get<{ user?: { isAdmin?: unknown } }>('/profile', { signal })).user?.isAdmin === true,
    enabled: enabled && session !== null,
    staleTime: Infinity,
    retry: false,
  });
  return session === null ? false : data;
}
