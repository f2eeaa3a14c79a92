import { DELETION_GRACE_DAYS, personalDataMessages, type DeletionSummary } from '@flick/contract';
import { msg } from '@flick/i18n';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { endSessionOnError } from '../../session/session-errors.ts';
import { useDeletionSummary, useRequestDeletion } from '../api/personal-data.ts';
import { formatNumber, plural } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
import { personalDataDay } from '../personal-data-date.ts';

/** "Your videos (3)": what this account has, beside the line that removes it (the server's English line, translated here). */
function withCount(line: string, counts: DeletionSummary['counts']): string {
  const count = line.startsWith('Your videos')
    ? counts.videos
    : line.startsWith('Your profile')
      ? counts.links
      : line.startsWith('Who you follow')
        ? counts.following + counts.followers
        : line.startsWith('Your likes')
          ? counts.likes + counts.ratings
          : null;
  return count ? `${t(line)} (${formatNumber(count)})` : t(line);
}

/**
 * Delete account (ADR 0031): what goes, what the law keeps, the password, and a last question. The
 * account is then hidden and signed out everywhere; signing in before the date offers to keep it.
 */
export function DeleteAccount() {
  const summary = useDeletionSummary();
  const request = useRequestDeletion();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<{ message: string; inline: boolean } | null>(null);
  const [asking, setAsking] = useState(false);
  // The date as of opening the screen (the server's own answer says the exact one).
  const [date] = useState(() => personalDataDay(new Date(Date.now() + DELETION_GRACE_DAYS * 86_400_000).toISOString()));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '') {
      setProblem({ message: personalDataMessages.passwordRequired, inline: true });
      return;
    }
    setProblem(null);
    setAsking(true);
  }

  function confirm() {
    setAsking(false);
    request.mutate(password, {
      onError: (error) => {
        if (error instanceof ApiError && error.fieldError('password')) {
          setProblem({ message: error.fieldError('password')!, inline: true });
          return;
        }
        if (endSessionOnError(error)) return;
        setProblem({ message: error instanceof ApiError ? error.firstError() : msg('Something went wrong, try again later.'), inline: false });
      },
    });
  }

  if (summary.isPending) return <Spinner className="mx-auto mt-10 size-8" />;
  if (summary.isError) return <LoadFailed message={t('Could not load what your account holds.')} onRetry={() => void summary.refetch()} />;
  const { removes, keeps, counts, grace_days } = summary.data;

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="deletion-removed" className="panel px-4 py-4 sm:px-5">
        <h2 id="deletion-removed" className="font-bold">
          {t('What is removed')}
        </h2>
        <ul className="mt-2 flex list-disc flex-col gap-1.5 pl-5 text-sm text-muted">
          {removes.map((line) => (
            <li key={line}>{withCount(line, counts)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="deletion-kept" className="panel px-4 py-4 sm:px-5">
        <h2 id="deletion-kept" className="font-bold">
          {t('What the law obliges us to keep')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('Kept apart from your account, which no longer exists, and only as long as the law requires.')}</p>
        <ul className="mt-2 flex list-disc flex-col gap-1.5 pl-5 text-sm text-muted">
          {keeps.map((line) => (
            <li key={line}>{t(line)}</li>
          ))}
        </ul>
        <Link to={paths.page('policy')} className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-accent-soft hover:underline">
          {t('Read the privacy policy')}
        </Link>
      </section>
      <p className="text-sm leading-relaxed text-muted">
        {t('Your account will be deleted on')} <strong className="text-fg">{date}</strong>,{' '}
        {plural(grace_days, msg('{count} day from now.'), msg('{count} days from now.'), formatNumber(grace_days))}{' '}
        {t('Until then it is hidden from everyone and signed out everywhere; signing in before that date lets you keep it, with everything as it was.')}
      </p>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <PasswordField
          label={t('Password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={problem?.inline || undefined}
          error={problem?.inline ? problem.message : undefined}
        />
        {problem && !problem.inline && <FormAlert>{problem.message}</FormAlert>}
        <SubmitButton variant="danger" busy={request.isPending} className="w-full sm:w-auto sm:self-end sm:px-10">
          {t('Delete my account')}
        </SubmitButton>
      </form>
      <ConfirmDialog
        open={asking}
        title={t('Delete your account?')}
        text={t('It will be deleted on {date}. You will be signed out everywhere now.', { date })}
        confirmLabel={t('Delete')}
        destructive
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
