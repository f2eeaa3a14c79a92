import { Screen } from '../../../components/layout/screen.tsx';
import { t } from '../../../lib/i18n.ts';

export interface SwitchAccountPromptProps {
  /** The signed-in account's name; null while it loads. */
  signedInAs: string | null;
  onContinue: () => void;
  onStay: () => void;
}

/**
 * A sign-in link opened while signed in (SECURITY.md): anyone can send a link to their own account, so it
 * replaces the session only when the person says so. Staying is the first choice, as Enter picks it.
 */
export function SwitchAccountPrompt({ signedInAs, onContinue, onStay }: SwitchAccountPromptProps) {
  return (
    <Screen title={t('Switch account?')} width="narrow" backTo={false}>
      <p className="mt-4 leading-relaxed text-muted">
        {signedInAs === null ? t('You are signed in.') : t('You are signed in as {name}.', { name: signedInAs })} {t("Sign in as the link's account instead?")}
      </p>
      <div className="mt-6 grid grid-cols-2 gap-3">
        <button type="button" className="btn btn-secondary" onClick={onStay} autoFocus>
          {t('Stay signed in')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onContinue}>
          {t('Continue')}
        </button>
      </div>
    </Screen>
  );
}
