import type { PublicProfile } from '@flick/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../features/session/hooks/use-session.ts';
import { publicUserQueryOptions } from '../../features/creators/api/get-public-user.ts';
import { useVideoList } from '../../features/videos/api/get-video-list.ts';
import { creatorVideos } from '../../features/videos/api/grid-paths.ts';
import { VideoGrid } from '../../features/videos/components/video-grid.tsx';
import { AppearsInTabs } from '../../features/performers/components/appears-in-tabs.tsx';
import { prefetchGrid } from '../../features/profile/api/grid-first-page.ts';
import { trackProfileView } from '../../features/profile/api/track-profile-view.ts';
import { FollowButton } from '../../features/creators/components/follow-button.tsx';
import { ProfileHeader } from '../../features/creators/components/profile-header.tsx';
import { ProfileAbout, ProfileLayout, ProfileSkeleton, ShareProfileButton } from '../../features/profile/components/profile-page.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { ContentBlockedRoute } from './content-blocked.tsx';
import { NotFoundRoute } from './not-found.tsx';
import { t } from '../../lib/i18n.ts';

/**
 * The route's loader: both calls go out as soon as the screen's code is here, side by side, rather than
 * the profile after the first render and the videos after the profile, and the first row of pictures
 * as soon as the videos are here, before the grid renders. It waits for none of them.
 */
export function profileLoader({ params }: LoaderFunctionArgs) {
  const slug = params.slug ?? '';
  void queryClient.prefetchQuery(publicUserQueryOptions(slug));
  const videos = creatorVideos(slug);
  prefetchGrid(queryClient, videos.key, videos.path);
  return null;
}

/**
 * A creator's published videos; a tap opens /{slug}/feed at that video (viewer.md §2). Beside them, when
 * the profile counts any, "Appears in" (ADR 0029); the grid is the same element with or without it.
 */
function CreatorVideos({ profile, slug }: { profile: PublicProfile; slug: string }) {
  const { key, path } = creatorVideos(slug);
  const list = useVideoList(key, path);
  return (
    <AppearsInTabs slug={slug} name={profile.name} appearances={profile.appearances}>
      <VideoGrid
        label={t("{name}'s videos", { name: profile.name })}
        list={list}
        feedPath={`/${profile.slug ?? profile.id}/feed`}
        empty={<p className="panel px-6 py-10 text-center text-muted">{t('No videos yet.')}</p>}
      />
    </AppearsInTabs>
  );
}

/**
 * viewer.md §2 "/{slug}": a creator's or channel's profile as visitors see it. The signed-in owner has
 * theirs at /account. 403 is the region-blocked screen; any other failure the not-found screen.
 */
export function ProfileRoute() {
  const { slug = '' } = useParams();
  const session = useSession();
  const query = useQuery(publicUserQueryOptions(slug));
  const profile = query.data;
  const own = profile !== undefined && session?.userId === String(profile.id);

  // viewer.md §7: a visit to someone else's profile counts once (the server deduplicates repeats).
  const profileId = profile?.id;
  useEffect(() => {
    if (profileId !== undefined && !own) trackProfileView(profileId);
  }, [profileId, own]);

  if (query.error) return query.error instanceof ApiError && query.error.status === 403 ? <ContentBlockedRoute /> : <NotFoundRoute />;
  if (!profile) return <ProfileSkeleton />;
  if (own) return <Navigate to={paths.account} replace />;
  return (
    <ProfileLayout
      header={
        <>
          <title>{`${profile.name} · Flick`}</title>
          <ProfileHeader
            profile={profile}
            actions={
              <>
                <ShareProfileButton profile={profile} />
                <FollowButton user={profile} />
              </>
            }
          />
        </>
      }
      about={<ProfileAbout profile={profile} owner={false} />}
    >
      <CreatorVideos profile={profile} slug={slug} />
    </ProfileLayout>
  );
}
