import { personalDataMessages } from '@flick/contract';
import { msg } from '@flick/i18n';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { deleteBannedAccount, keepAccount, type refusalOf } from '../api/account-deletion.ts';
import { t } from '../../../lib/i18n.ts';

type Refusal = NonNullable<ReturnType<typeof refusalOf>>;

/**
 * What a right password meets on an account that may not sign in now (ADR 0031): the date of its
 * deletion and "Keep my account", or its ban and the choice to delete it.
 */
export function AccountRefusal({
  refusal,
  rememberMe,
  onKept,
  onBack,
}: {
  refusal: Refusal;
  rememberMe: boolean;
  onKept: (answer: Awaited<ReturnType<typeof keepAccount>>) => void;
  onBack: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const fail = (error: unknown) => setProblem(error instanceof ApiError ? error.firstError() : msg('Something went wrong, try again later.'));

  async function keep() {
    setBusy(true);
    setProblem(null);
    try {
      onKept(await keepAccount(refusal.token, rememberMe));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setAsking(false);
    setBusy(true);
    setProblem(null);
    try {
      setDone((await deleteBannedAccount(refusal.token)).message);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  const scheduled = refusal.code === 'deletion-scheduled';
  return (
    <div role="alert" className="flex flex-col gap-4">
      <div className="panel px-4 py-5">
        <p className="font-bold">{done ?? refusal.message}</p>
        {!done && (
          <p className="mt-1.5 text-sm leading-relaxed text-muted">
            {scheduled ? t('Until then your account is hidden from everyone. Keep it, and everything comes back as it was.') : t(personalDataMessages.bannedMayDelete)}
          </p>
        )}
      </div>
      {problem && <FormAlert>{problem}</FormAlert>}
      {!done &&
        (scheduled ? (
          <SubmitButton type="button" busy={busy} onClick={() => void keep()} className="w-full">
            {t('Keep my account')}
          </SubmitButton>
        ) : (
          <SubmitButton type="button" variant="danger" busy={busy} onClick={() => setAsking(true)} className="w-full">
            {t('Delete my account')}
          </SubmitButton>
        ))}
      <button type="button" className="btn btn-secondary h-12 w-full" onClick={onBack}>
        {done ? t('Done') : t('Not now')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('Delete your account?')}
        text={t('Your account and its data will be deleted after the grace period. The ban stays on record.')}
        confirmLabel={t('Delete')}
        destructive
        onConfirm={() => void remove()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
