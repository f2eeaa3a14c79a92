import { accountMessages } from '@flick/contract';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { adoptAccountCategories } from '../../preferences/api/sync-categories.ts';
import { useLogin } from '../api/login.ts';
import { refusalOf } from '../api/account-deletion.ts';
import { AccountRefusal } from './account-refusal.tsx';
import { setSession } from '../../session/stores/session-changes.ts';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { EmailField } from '../../../components/ui/email-field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { t } from '../../../lib/i18n.ts';

/** accounts.md §5: a refused sign-in is "Invalid credentials"; any other failure shows the server's message. */
function loginFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return accountMessages.somethingWrong;
  if (error.status === 0) return accountMessages.networkError;
  if (error.status === 401) return accountMessages.invalidCredentials;
  return error.firstError();
}

export interface LoginFormProps {
  /** Shown when the screen opens, such as a sign-in link that did not work. */
  initialError?: string | null;
  onSignedIn: () => void;
}

/** accounts.md §2 and §5: email, password and remember me; the session goes to local or session storage. */
export function LoginForm({ initialError = null, onSignedIn }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  const [missing, setMissing] = useState({ email: false, password: false });
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const login = useLogin();
  // A right password for an account waiting to be deleted, or banned (ADR 0031).
  const [refusal, setRefusal] = useState<ReturnType<typeof refusalOf>>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    const empty = { email: email === '', password: password === '' };
    setMissing(empty);
    if (empty.email || empty.password) {
      setError(accountMessages.loginFillAll);
      (empty.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setError(null);
    login.mutate(
      { email, password, remember_me: rememberMe },
      {
        onSuccess: ({ access_token, user }) => {
          setSession({ accessToken: access_token, userId: String(user.id), userType: user.type }, rememberMe);
          void adoptAccountCategories();
          onSignedIn();
        },
        onError: (failure) => {
          const offered = refusalOf(failure);
          if (offered) setRefusal(offered);
          else setError(loginFailureMessage(failure));
        },
      },
    );
  }

  if (refusal) {
    return (
      <AccountRefusal
        refusal={refusal}
        rememberMe={rememberMe}
        onKept={({ access_token, user, message }) => {
          setSession({ accessToken: access_token, userId: String(user.id), userType: user.type }, rememberMe);
          toast(message);
          void adoptAccountCategories();
          onSignedIn();
        }}
        onBack={() => {
          setRefusal(null);
          setPassword('');
        }}
      />
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <EmailField ref={emailRef} value={email} onValueChange={setEmail} aria-invalid={missing.email || undefined} />
      <div>
        <PasswordField
          ref={passwordRef}
          label={t('Password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={missing.password || undefined}
        />
        <div className="mt-1 flex items-center justify-between gap-3">
          <Checkbox checked={rememberMe} onChange={setRememberMe}>
            {t('Remember me')}
          </Checkbox>
          <Link to={paths.forgotPassword} className="inline-flex min-h-11 items-center text-sm font-semibold text-accent-soft hover:underline">
            {t('Forgot password?')}
          </Link>
        </div>
      </div>

      {error && <FormAlert>{error}</FormAlert>}

      <SubmitButton busy={login.isPending} className="w-full">
        {t('Sign in')}
      </SubmitButton>

      <p className="text-center text-sm text-muted">
        {t('New to Flick?')}{' '}
        <Link to={paths.register} className="inline-flex min-h-11 items-center font-semibold text-fg hover:text-accent-soft">
          {t('Create account')}
        </Link>
      </p>
    </form>
  );
}
