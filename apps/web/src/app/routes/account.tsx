import { accountMessages, type ProfileUser } from '@flick/contract';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ChartIcon, ImageIcon, QuestionIcon, SettingsIcon } from '../../components/ui/account-icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { accountTypeLabels, AccountOverview } from '../../features/account/components/account-overview.tsx';
import { ProfileGate } from '../../features/account/components/profile-gate.tsx';
import { useResendEmail } from '../../features/auth/api/resend-email.ts';
import { logOut } from '../../features/auth/log-out.ts';
import { usePublicUser } from '../../features/creators/api/get-public-user.ts';
import { AppearanceRequestsLink } from '../../features/performers/components/appearance-requests-link.tsx';
import { VideoConsentStatus } from '../../features/performers/components/video-consent-status.tsx';
import { ChangeImageButton } from '../../features/profile/components/change-image-button.tsx';
import { ProfileHeader } from '../../features/creators/components/profile-header.tsx';
import { ProfileAbout, ProfileLayout, ProfileSkeleton, ShareProfileButton } from '../../features/profile/components/profile-page.tsx';
import { ViewerProfileSections } from '../../features/profile/components/viewer-profile-sections.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { t } from '../../lib/i18n.ts';

// A creator's videos download with the section, not with every account and settings screen.
const MyVideos = lazy(() => import('../../features/videos/components/my-videos.tsx').then((m) => ({ default: m.MyVideos })));

/** Under an unverified address: ask for the verification link again. */
function ResendVerification({ email }: { email: string }) {
  const resend = useResendEmail();
  if (resend.isSuccess) {
    return (
      <p role="status" className="mt-2 text-sm text-success">
        {t(resend.data.message || accountMessages.verificationEmailSent)}
      </p>
    );
  }
  return (
    <>
      <button
        type="button"
        className="mt-1 inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-accent-soft hover:underline disabled:opacity-60"
        disabled={resend.isPending}
        onClick={() => resend.mutate(email)}
      >
        {t('Resend verification email')}
      </button>
      {resend.isError && (
        <p role="alert" className="text-sm text-danger">
          {resend.error instanceof ApiError && resend.error.status > 0 ? resend.error.firstError() : t(accountMessages.networkError)}
        </p>
      )}
    </>
  );
}

const overImage = 'grid size-10 place-items-center rounded-full bg-black/55 text-white ring-1 ring-white/20 backdrop-blur-md transition-colors hover:bg-black/70';

function Account({ user }: { user: ProfileUser }) {
  const [loggingOut, setLoggingOut] = useState(false);
  const creator = user.type === 'model' || user.type === 'channel';
  // The counters, links, contests and sized images are the public profile's: what visitors see.
  const profile = usePublicUser(user.id).data;
  const status = (
    <AccountOverview
      user={user}
      loggingOut={loggingOut}
      onLogOut={() => {
        setLoggingOut(true);
        void logOut();
      }}
      emailAction={<ResendVerification email={user.email} />}
    />
  );

  return (
    <>
      <title>{t('My account · Flick')}</title>
      {profile ? (
        <ProfileLayout
          header={
            <ProfileHeader
              profile={profile}
              badge={
                <span className="inline-flex h-6 items-center rounded-full bg-brand px-2.5 text-xs font-extrabold tracking-wide text-white">
                  {t(accountTypeLabels[user.type])}
                </span>
              }
              actions={
                <>
                  <ShareProfileButton profile={profile} />
                  {creator && (
                    <>
                      <Link to={paths.accountStats} viewTransition aria-label={t('Statistics')} className="icon-btn bg-surface-2 ring-1 ring-line">
                        <ChartIcon width="20" height="20" />
                      </Link>
                      <Link to={paths.accountHelp} viewTransition aria-label={t('Help')} className="icon-btn bg-surface-2 ring-1 ring-line">
                        <QuestionIcon width="20" height="20" />
                      </Link>
                    </>
                  )}
                  <Link to={paths.accountSettings} viewTransition aria-label={t('Settings')} className="icon-btn bg-surface-2 ring-1 ring-line">
                    <SettingsIcon width="20" height="20" />
                  </Link>
                </>
              }
              coverControl={
                <ChangeImageButton kind="cover" aria-label={t('Change cover')} className={overImage}>
                  <ImageIcon width="20" height="20" />
                </ChangeImageButton>
              }
              avatarControl={
                <ChangeImageButton kind="avatar" aria-label={t('Change profile photo')} className={`${overImage} size-9`}>
                  <ImageIcon width="18" height="18" />
                </ChangeImageButton>
              }
            />
          }
          aboutLast={!creator}
          about={
            <div className="flex flex-col gap-5">
              {creator && <ProfileAbout profile={profile} owner />}
              {creator && user.isVerified === 'approved' && <AppearanceRequestsLink />}
              {status}
            </div>
          }
        >
          {creator ? (
            <Suspense
              fallback={
                <div className="grid min-h-40 place-items-center">
                  <Spinner />
                </div>
              }
            >
              <MyVideos statusDetails={(video) => <VideoConsentStatus videoId={video.id} />} />
            </Suspense>
          ) : (
            <ViewerProfileSections userId={user.id} />
          )}
        </ProfileLayout>
      ) : (
        <ProfileSkeleton />
      )}
    </>
  );
}

/** accounts.md §2 "/account": the signed-in person's own profile, with the state of their account. */
export function AccountRoute() {
  return <ProfileGate>{(user) => <Account user={user} />}</ProfileGate>;
}
