import { accountMessages } from '@flick/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { Screen } from '../../components/layout/screen.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { profileQueryOptions, profileWithTokenQueryOptions, useProfile } from '../../features/session/api/get-profile.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { SwitchAccountPrompt } from '../../features/auth/components/switch-account-prompt.tsx';
import { useSession } from '../../features/session/hooks/use-session.ts';
import { useArrivedSignedIn } from '../../features/auth/hooks/use-arrived-signed-in.ts';
import { setSession } from '../../features/session/stores/session-changes.ts';
import { queryClient } from '../../lib/query-client.ts';
import { t } from '../../lib/i18n.ts';

/** Where the login guard was sending the person (its `state.from`), else their account. */
function useReturnPath(): string {
  const state: unknown = useLocation().state;
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  if (typeof from?.pathname !== 'string' || !from.pathname.startsWith('/')) return paths.account;
  return `${from.pathname}${typeof from.search === 'string' ? from.search : ''}${typeof from.hash === 'string' ? from.hash : ''}`;
}

function LoginScreen({ initialError }: { initialError?: string }) {
  const navigate = useNavigate();
  const returnPath = useReturnPath();

  return (
    <Screen title={t('Sign in')} width="narrow" description={t('Welcome back. Sign in to follow creators, rate videos and manage your account.')}>
      <LoginForm initialError={initialError} onSignedIn={() => void navigate(returnPath, { replace: true })} />
    </Screen>
  );
}

/**
 * accounts.md §2 "/login/{token}" (or ?token=): the token is tried as a bearer on the profile call;
 * when it works the person is signed in (not remembered) and goes to their account.
 */
function TokenSignIn({ token }: { token: string }) {
  const navigate = useNavigate();
  const profile = useQuery(profileWithTokenQueryOptions(token));
  const user = profile.data;

  useEffect(() => {
    if (!user) return;
    setSession({ accessToken: token, userId: String(user.id), userType: user.type }, false);
    queryClient.setQueryData(profileQueryOptions(String(user.id)).queryKey, user);
    void navigate(paths.account, { replace: true });
  }, [user, token, navigate]);

  if (profile.isError) return <LoginScreen initialError={accountMessages.invalidOrExpiredLink} />;
  return (
    <div className="screen-center gap-4 text-muted">
      <title>{t('Signing in · Flick')}</title>
      <Spinner label={t('Signing in')} />
      <p>{t('Signing you in…')}</p>
    </div>
  );
}

/**
 * A sign-in link opened by someone signed in: the link's token is not used until they choose Continue
 * (SECURITY.md: a link must not swap the account unasked). A session the server no longer takes is no
 * account to keep, so the link goes ahead.
 */
function SwitchAccount({ token }: { token: string }) {
  const navigate = useNavigate();
  const session = useSession();
  const profile = useProfile();
  const [switching, setSwitching] = useState(false);

  if (switching || !session) return <TokenSignIn token={token} />;
  return (
    <SwitchAccountPrompt signedInAs={profile.data?.name ?? null} onContinue={() => setSwitching(true)} onStay={() => void navigate(paths.account, { replace: true })} />
  );
}

/** accounts.md §2 "/login": the sign-in form; someone already signed in goes on to /account. */
export function LoginRoute() {
  const { token: pathToken } = useParams();
  // useLocation, not useSearchParams: a router hook used anywhere is part of the initial JavaScript.
  const { search } = useLocation();
  const token = pathToken ?? new URLSearchParams(search).get('token');
  const arrivedSignedIn = useArrivedSignedIn();

  if (token) return arrivedSignedIn ? <SwitchAccount token={token} /> : <TokenSignIn token={token} />;
  if (arrivedSignedIn) return <Navigate to={paths.account} replace />;
  return <LoginScreen />;
}
