import { Screen } from '../../../components/layout/screen.tsx';

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
    <Screen title="Switch account?" width="narrow" backTo={false}>
      <p className="mt-4 leading-relaxed text-muted">
        {signedInAs === null ? 'You are signed in.' : `You are signed in as ${signedInAs}.`} Sign in as the link&apos;s account instead?
      </p>
      <div className="mt-6 grid grid-cols-2 gap-3">
        <button type="button" className="btn btn-secondary" onClick={onStay} autoFocus>
          Stay signed in
        </button>
        <button type="button" className="btn btn-primary" onClick={onContinue}>
          Continue
        </button>
      </div>
    </Screen>
  );
}
