import { feedMessages, type ChannelCard, type PublicProfile } from '@flick/contract';
import type pg from 'pg';
import { HttpError } from '../../lib/http-error.ts';
import { decodeCursor, encodeCursor, keysetPage, type Page } from '../../lib/keyset.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { validationError } from '../../lib/validation.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { imageSources } from '../accounts/profile-images.ts';
import type { VisibilityService } from '../visibility/visibility.service.ts';
import { toLink } from './user-links.ts';
import { usersRepository } from './users.repository.ts';

/** Accounts as others see them: the feed's profile panel and the follow button (viewer.md §2, §4, §6, §7). */
export function usersService(pool: pg.Pool, visibility: VisibilityService) {
  const repo = usersRepository(pool);

  return {
    /**
     * GET /v1/users/{id or slug}: 404 for no such account (or one that is no creator or channel, but to
     * itself), 403 where its owner blocked the viewer's
     * region. Contests' HTML is sanitized as it leaves, like static pages.
     */
    async find(idOrSlug: string, viewer: Viewer): Promise<PublicProfile> {
      const id = /^\d{1,15}$/.test(idOrSlug) ? Number(idOrSlug) : null;
      // The in-memory index (ADR 0024): the appearances counted are those the viewer's list would show.
      const hidden = await visibility.hiddenCreatorsFor(viewer.place);
      const row = await repo.findProfile({ id, slug: id === null ? idOrSlug : null }, viewer.userId, [...hidden.ids]);
      if (!row) throw new HttpError(404, feedMessages.userNotFound);
      if (await visibility.hides(row.id, viewer)) throw new HttpError(403, feedMessages.contentBlockedText);
      const links = row.links.map(toLink);
      const contests = row.contests.map((contest) => ({ ...contest, content: sanitizeHtml(contest.content) }));
      return {
        ...row,
        links,
        contests,
        isLive: links.some((l) => l.isLive),
        avatarSources: imageSources('avatar', row.avatar),
        coverSources: imageSources('cover', row.cover),
      };
    },

    /** GET /v1/users?type=channel: a page of channel cards, most followed first; a cursor not of ours starts at the top. */
    async channels(q: { per_page: number; cursor?: string }, viewer: Viewer): Promise<Page<ChannelCard>> {
      const parts = decodeCursor(q.cursor, 2)?.map(Number);
      const after = parts && parts.every((n) => Number.isSafeInteger(n) && n >= 0) ? { followers: parts[0]!, id: parts[1]! } : null;
      const hidden = await visibility.hiddenCreatorsFor(viewer.place);
      const found = await repo.listChannels(after, q.per_page + 1, [...hidden.ids]);
      const { rows, next } = keysetPage(found, q.per_page, (last) => encodeCursor([last.totalFollowers, last.id]));
      const data = rows.map((row) => ({
        ...row,
        avatarSources: imageSources('avatar', row.avatar),
        coverSources: imageSources('cover', row.cover),
      }));
      return { data, next };
    },

    /** POST /v1/follow-model: only creators and channels are followed, never oneself. `created` says whether to answer 201. */
    async follow(followerId: number, modelId: number, action: 'follow' | 'unfollow') {
      if (followerId === modelId) throw validationError([{ field: 'model_id', message: feedMessages.cannotFollowSelf }]);
      const { delta, totalFollowers } = await repo.setFollow(followerId, modelId, action, (modelType) => {
        if (!modelType) throw new HttpError(404, feedMessages.userNotFound);
        if (modelType === 'user') throw validationError([{ field: 'model_id', message: feedMessages.onlyCreatorsFollowed }]);
      });
      return { created: action === 'follow' && delta === 1, isFollowing: action === 'follow', totalFollowers };
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
