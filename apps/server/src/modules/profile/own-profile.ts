import type { OwnProfileUser } from '@flick/contract';
import type { UserRow } from '../../db/schema.ts';
import { toProfileUser } from '../accounts/profile-user.ts';
import { imageSources } from '../accounts/profile-images.ts';
import type { ProfileLinks } from './profile-links.ts';

/** The signed-in account with what its own profile screen needs: links, sized images, profile views. */
export async function toOwnProfileUser(user: UserRow, links: ProfileLinks, managesStudio: OwnProfileUser['managesStudio']): Promise<OwnProfileUser> {
  return {
    ...toProfileUser(user),
    avatarSources: imageSources('avatar', user.avatar),
    coverSources: imageSources('cover', user.cover),
    links: await links.list(user.id),
    totalProfileViews: user.profileViewsCount,
    managesStudio,
  };
}
