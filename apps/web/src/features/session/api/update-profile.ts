import { profileUpdateResponseSchema, type Category } from '@flick/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../hooks/use-session.ts';
import { profileQueryOptions } from './get-profile.ts';

/** accounts.md §7 POST /profile: one of these bodies at a time. */
export type ProfileUpdate =
  | { name: string; username?: string; description?: string; phone_number?: string }
  | { gender: Category }
  | { current_password: string; password: string; password_confirmation: string }
  | { color: string }
  | { preference: Category[] };

export async function updateProfile(update: ProfileUpdate) {
  return profileUpdateResponseSchema.parse(await api.post<unknown>('/profile', update));
}

/** Saves a change; the answer's account replaces the cached one, so every screen shows it at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      if (session) queryClient.setQueryData(profileQueryOptions(session.userId).queryKey, user);
    },
  });
}
