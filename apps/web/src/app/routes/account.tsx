import { accountMessages, type ProfileUser } from '@flick/contract';
import { lazy, Suspense, useState } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { AccountOverview } from '../../features/account/components/account-overview.tsx';
import { ProfileGate } from '../../features/account/components/profile-gate.tsx';
import { useResendEmail } from '../../features/auth/api/resend-email.ts';
import { logOut } from '../../features/auth/log-out.ts';
import { ApiError } from '../../lib/api-client.ts';

// A creator's videos download with the section, not with every account and settings screen.
const MyVideos = lazy(() => import('../../features/videos/components/my-videos.tsx').then((m) => ({ default: m.MyVideos })));

/** Under an unverified address: ask for the verification link again. */
function ResendVerification({ email }: { email: string }) {
  const resend = useResendEmail();
  if (resend.isSuccess) {
    return (
      <p role="status" className="mt-2 text-sm text-success">
        {resend.data.message || accountMessages.verificationEmailSent}
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
        Resend verification email
      </button>
      {resend.isError && (
        <p role="alert" className="text-sm text-danger">
          {resend.error instanceof ApiError && resend.error.status > 0 ? resend.error.firstError() : accountMessages.networkError}
        </p>
      )}
    </>
  );
}

function Account({ user }: { user: ProfileUser }) {
  const [loggingOut, setLoggingOut] = useState(false);
  const creator = user.type === 'model' || user.type === 'channel';
  return (
    <div
      className={`mx-auto w-full max-w-xl animate-rise-in px-5 pt-5 pb-16 lg:px-8 lg:pt-12 ${
        creator ? 'lg:grid lg:max-w-6xl lg:grid-cols-[22rem_minmax(0,1fr)] lg:items-start lg:gap-10' : ''
      }`}
    >
      <title>My account · Flick</title>
      <div className="lg:sticky lg:top-12">
        <AccountOverview
          user={user}
          loggingOut={loggingOut}
          onLogOut={() => {
            setLoggingOut(true);
            void logOut();
          }}
          emailAction={<ResendVerification email={user.email} />}
        />
      </div>
      {creator && (
        <Suspense
          fallback={
            <div className="mt-8 grid min-h-40 place-items-center lg:mt-0">
              <Spinner />
            </div>
          }
        >
          <MyVideos />
        </Suspense>
      )}
    </div>
  );
}

/** accounts.md §2 "/account": the signed-in person's own account. */
export function AccountRoute() {
  return <ProfileGate>{(user) => <Account user={user} />}</ProfileGate>;
}
