import { ownProfileUpdateResponseSchema, profileImages, profilePageMessages, type OwnProfileUser, type ProfileImageKind } from '@flick/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, api, FALLBACK_MESSAGE } from '../../../lib/api-client.ts';
import { profileQueryOptions } from '../../session/api/get-profile.ts';
import { publicUserQueryOptions } from '../../creators/api/get-public-user.ts';
import { useSignInAgain } from './sign-in-again.ts';

export interface ProfileImageUpload {
  kind: ProfileImageKind;
  /** The cropped picture, PNG or JPEG. */
  image: Blob;
}

const updatedMessage: Record<ProfileImageKind, string> = {
  avatar: profilePageMessages.profileImageUpdated,
  cover: profilePageMessages.coverImageUpdated,
};

/** viewer.md §7 POST /profile multipart: one image, `profile_photo` (avatar) or `profile_cover` (cover). */
export async function updateProfileImage({ kind, image }: ProfileImageUpload) {
  const form = new FormData();
  form.append(profileImages[kind].field, image, `${kind}.${image.type === 'image/png' ? 'png' : 'jpg'}`);
  return ownProfileUpdateResponseSchema.parse(await api.post<unknown>('/profile', form));
}

/**
 * viewer.md §8 "Image upload failure": a refusal the server explains (413 too big, 422 not an image)
 * says why; anything else gets the spec's sentence.
 */
export function imageUploadFailureMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 413 || error.status === 422)) {
    if (error.message !== FALLBACK_MESSAGE) return error.firstError();
    if (error.status === 413) return profilePageMessages.imageTooBig;
  }
  return profilePageMessages.uploadFailed;
}

/**
 * The new pictures at once on the own profile and on the public one (by id and by slug), sized copies
 * included (a stale srcset would keep the old picture on screen); the public one is then fetched again.
 */
function showImagesOf(queryClient: QueryClient, user: OwnProfileUser): void {
  queryClient.setQueryData(profileQueryOptions(String(user.id)).queryKey, user);
  const { avatar, cover, avatarSources, coverSources } = user;
  const images = { avatar, cover, avatarSources, coverSources };
  for (const idOrSlug of user.slug ? [user.id, user.slug] : [user.id]) {
    const { queryKey } = publicUserQueryOptions(idOrSlug);
    queryClient.setQueryData(queryKey, (current) => current && { ...current, ...images });
    void queryClient.invalidateQueries({ queryKey });
  }
}

/**
 * Sends a cropped avatar or cover; the answer's account is shown everywhere (showImagesOf). A toast
 * either way (viewer.md §8), except when the session is refused: then the person goes to /login and
 * comes back here after.
 */
export function useUpdateProfileImage() {
  const queryClient = useQueryClient();
  const signInAgain = useSignInAgain();
  return useMutation({
    mutationFn: updateProfileImage,
    onSuccess: ({ user }, { kind }) => {
      showImagesOf(queryClient, user);
      toast(updatedMessage[kind]);
    },
    onError: (error) => {
      if (signInAgain(error)) return;
      toast(imageUploadFailureMessage(error), { tone: 'error' });
    },
  });
}
