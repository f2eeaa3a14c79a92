import { linkChangeResponseSchema, ownProfileUpdateResponseSchema, profilePageMessages, type OwnProfileUser, type ProfileLinksRequest } from '@flick/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, api, FALLBACK_MESSAGE } from '../../../lib/api-client.ts';
import { profileQueryOptions } from '../../session/api/get-profile.ts';
import { publicUserQueryOptions } from '../../creators/api/get-public-user.ts';
import { isSignInNeeded, useSignInAgain } from './sign-in-again.ts';

/** viewer.md §7 POST /profile `{links: [...]}`: the answer's user carries the full list of links. */
async function changeLinks(body: ProfileLinksRequest) {
  return ownProfileUpdateResponseSchema.parse(await api.post<unknown>('/profile', body));
}

export const addLink = (url: string) => changeLinks({ links: [{ url, action: 'add' }] });
export const deleteLink = (id: number) => changeLinks({ links: [{ id, action: 'delete' }] });

/**
 * The answer's links replace the cached ones at once, on the own profile and on the public one (by id
 * and by slug); the public one is then fetched again for what only the server knows.
 */
function showLinksOf(queryClient: QueryClient, user: OwnProfileUser): void {
  queryClient.setQueryData(profileQueryOptions(String(user.id)).queryKey, user);
  for (const idOrSlug of user.slug ? [user.id, user.slug] : [user.id]) {
    const { queryKey } = publicUserQueryOptions(idOrSlug);
    queryClient.setQueryData(queryKey, (current) => current && { ...current, links: user.links, isLive: user.links.some((link) => link.isLive) });
    void queryClient.invalidateQueries({ queryKey });
  }
}

/**
 * What the add-link form shows for a failure (viewer.md §8): the server's word on the URL under the
 * field, the network message when there was no answer, else "Invalid SERVER RESPONSE". Nothing for a
 * session refusal, which leaves for /login.
 */
export function addLinkFailure(error: unknown): { field?: string; form?: string } {
  if (isSignInNeeded(error)) return {};
  if (error instanceof ApiError) {
    if (error.status === 0) return { form: error.message };
    if (error.status === 422 && Object.keys(error.errors).length > 0) return { field: error.firstError() };
  }
  return { form: profilePageMessages.invalidServerResponse };
}

/** A failed delete: the server's reason when it gave one ("Link not found."), else as for an add. */
export function deleteLinkFailure(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message !== FALLBACK_MESSAGE) {
    return error.firstError();
  }
  return addLinkFailure(error).form ?? profilePageMessages.invalidServerResponse;
}

/** The owner adds a link (viewer.md §6); the form shows a failure itself, see addLinkFailure. */
export function useAddLink() {
  const queryClient = useQueryClient();
  const signInAgain = useSignInAgain();
  return useMutation({
    mutationFn: addLink,
    onSuccess: ({ user }) => {
      showLinksOf(queryClient, user);
      toast(profilePageMessages.linkAdded);
    },
    onError: (error) => void signInAgain(error),
  });
}

/** The owner deletes a link (viewer.md §6), after the "Delete link" confirmation. */
export function useDeleteLink() {
  const queryClient = useQueryClient();
  const signInAgain = useSignInAgain();
  return useMutation({
    mutationFn: deleteLink,
    onSuccess: ({ user }) => {
      showLinksOf(queryClient, user);
      toast(profilePageMessages.linkDeleted);
    },
    onError: (error) => {
      if (!signInAgain(error)) toast(deleteLinkFailure(error), { tone: 'error' });
    },
  });
}

/** A flag of one of the owner's links: 'I'm live now' or important (POST /profile/links/{id}/live or /important). */
export type LinkFlag = { id: number; flag: 'live'; value: boolean } | { id: number; flag: 'important'; value: boolean };

async function setLinkFlag({ id, flag, value }: LinkFlag) {
  const body = flag === 'live' ? { live: value } : { important: value };
  return linkChangeResponseSchema.parse(await api.post<unknown>(`/profile/links/${id}/${flag}`, body));
}

/** The owner switches 'I'm live now' or important on a link; the profiles showing it are asked again. */
export function useLinkFlag() {
  const queryClient = useQueryClient();
  const signInAgain = useSignInAgain();
  return useMutation({
    mutationFn: setLinkFlag,
    onSuccess: ({ message }) => {
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      void queryClient.invalidateQueries({ queryKey: ['public-user'] });
      toast(message);
    },
    onError: (error) => {
      if (!signInAgain(error)) toast(deleteLinkFailure(error), { tone: 'error' });
    },
  });
}
