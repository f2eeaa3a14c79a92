import { studioMessages } from '@flick/contract';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useJoinStudio, useLeaveStudio, useStudio } from '../api/studio.ts';
import { t } from '../../../lib/i18n.ts';

/**
 * accounts.md §2 Studio screen (/account/settings/studio and /join-studio): loading, then managed
 * ('Your account is managed by {name}', a red Leave studio with its confirm) or unmanaged (the consent
 * text, the Studio Key, Join Studio). `initialKey` is the link's ?key=.
 */
export function StudioMembership({ initialKey = '' }: { initialKey?: string }) {
  const studio = useStudio();

  if (studio.isPending) {
    return (
      <div className="grid place-items-center py-16">
        <Spinner label={t('Loading your studio')} />
      </div>
    );
  }
  if (studio.isError) return <LoadFailed message={t('Your studio could not load.')} onRetry={() => void studio.refetch()} />;
  return studio.data ? <Managed name={studio.data.name} /> : <JoinForm initialKey={initialKey} />;
}

function Managed({ name }: { name: string }) {
  const [confirming, setConfirming] = useState(false);
  const leave = useLeaveStudio();
  const toast = useToast();

  function onConfirm() {
    setConfirming(false);
    leave.mutate(undefined, {
      onSuccess: () => toast(studioMessages.left),
      onError: () => toast(studioMessages.leaveError, { tone: 'error' }),
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="panel p-5">
        <p className="text-lg font-bold text-balance">{t('Your account is managed by {name}', { name })}</p>
        <p className="mt-2 text-sm leading-relaxed text-muted">
          {t('The studio can open your profile, change it, and upload and manage your videos. Everything it does for you is recorded.')}
        </p>
      </div>
      <SubmitButton type="button" variant="danger" busy={leave.isPending} onClick={() => setConfirming(true)}>
        {t(studioMessages.leave)}
      </SubmitButton>
      <ConfirmDialog
        open={confirming}
        title={t(studioMessages.leaveConfirmTitle)}
        text={t(studioMessages.leaveConfirmText)}
        confirmLabel={t('Delete')}
        cancelLabel={t('Cancel')}
        destructive
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

function JoinForm({ initialKey }: { initialKey: string }) {
  const [key, setKey] = useState(initialKey);
  const [error, setError] = useState<string | null>(null);
  const join = useJoinStudio();
  const toast = useToast();
  const hint = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (join.isPending) return;
    // accounts.md §5: an empty key, and any answer but 200, say 'Invalid key'.
    if (!key.trim()) {
      setError(studioMessages.invalidKey);
      return;
    }
    setError(null);
    join.mutate(key.trim(), {
      onSuccess: (studio) => toast(t('You joined {name}', { name: studio.name })),
      onError: () => setError(studioMessages.invalidKey),
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <p id={hint} className="panel p-5 text-sm leading-relaxed text-muted">
        {t(studioMessages.consent)}
      </p>
      <TextField
        label={t(studioMessages.keyLabel)}
        name="key"
        value={key}
        onChange={(event) => {
          setKey(event.target.value);
          if (error) setError(null);
        }}
        error={error}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={t('XXXX-XXXX-XXXX-XXXX-XXXX')}
        aria-describedby={hint}
      />
      <SubmitButton busy={join.isPending}>{t(studioMessages.join)}</SubmitButton>
    </form>
  );
}
