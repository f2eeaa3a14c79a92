import { searchMessages, type SearchResponse } from '@flick/contract';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { SearchOffIcon } from '../../../components/ui/icons.tsx';
import { LiveBadge } from '../../../components/ui/live-badge.tsx';
import { SensitiveGate } from '../../preferences/components/sensitive-cover.tsx';
import { VideoThumb } from '../../videos/components/video-thumb.tsx';
import { ViewCount } from '../../videos/components/view-count.tsx';
import { videoTitle } from '../../videos/video-status.ts';
import { t } from '../../../lib/i18n.ts';

function ResultSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-6 first:mt-0">
      <h2 id={id} className="mb-3 px-1 text-lg font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** viewer.md §2 search mode: Users, Tags and videos, or 'No results found'. */
export function SearchResults({ results }: { results: SearchResponse }) {
  const { users, tags, videos } = results;
  if (users.length === 0 && tags.length === 0 && videos.length === 0) {
    return (
      <div className="panel flex flex-col items-center px-6 py-10 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-surface-2 text-muted">
          <SearchOffIcon width="24" height="24" />
        </span>
        <p className="mt-4 font-semibold">{t(searchMessages.noResults)}</p>
        <p className="mt-1 max-w-xs text-sm text-balance text-muted">{t("Try another spelling, a creator's name or a tag.")}</p>
      </div>
    );
  }
  return (
    <div>
      {users.length > 0 && (
        <ResultSection title={t('Users')}>
          <ul aria-label={t('Users')} className="panel overflow-hidden">
            {users.map((user) => (
              <li key={user.id} className="border-b border-line last:border-b-0">
                <Link to={`/${user.slug}`} className="flex items-center gap-3.5 px-4 py-3 transition-colors hover:bg-surface-2">
                  <Avatar user={{ name: user.name, username: user.slug, avatar: user.avatar, color: null }} sources={user.avatarSources} size="sm" />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2">
                      <span className="truncate font-bold">{user.name}</span>
                      {user.isLive && <LiveBadge className="flex-none" />}
                    </span>
                    <span className="block truncate text-sm text-muted">@{user.slug}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </ResultSection>
      )}
      {tags.length > 0 && (
        <ResultSection title={t('Tags')}>
          <ul aria-label={t('Tags')} className="flex flex-wrap gap-2 px-1">
            {tags.map((tag) => (
              <li key={tag.id}>
                <Link
                  to={`/tag/${tag.id}`}
                  className="inline-flex h-9 items-center rounded-full border border-line-strong bg-surface-2 px-3.5 text-sm font-semibold hover:border-accent-soft"
                >
                  #{tag.name}
                </Link>
              </li>
            ))}
          </ul>
        </ResultSection>
      )}
      {videos.length > 0 && (
        <ResultSection title={t('Videos')}>
          <ul aria-label={t('Videos')} className="grid grid-cols-3 gap-x-2 gap-y-3 px-1 sm:grid-cols-4 lg:grid-cols-6">
            {videos.map((video) => (
              <VideoResult key={video.id} video={video} />
            ))}
          </ul>
        </ResultSection>
      )}
    </div>
  );
}

function VideoResult({ video }: { video: SearchResponse['videos'][number] }) {
  const id = useId();
  return (
    <li className="min-w-0">
      <SensitiveGate video={video}>
        {/* WCAG 2.5.3: named by its title alone (no aria-label unlike the text shown); what the picture shows describes it. */}
        <Link to={`/video/${video.id}`} aria-describedby={`${id}-views`} className="group block rounded-2xl">
          <span aria-hidden="true" className="block">
            <VideoThumb video={video}>
              <ViewCount id={`${id}-views`} count={video.viewCount} />
            </VideoThumb>
          </span>
          <span className="mt-1.5 block truncate px-0.5 text-sm font-semibold">{videoTitle(video)}</span>
        </Link>
      </SensitiveGate>
    </li>
  );
}
