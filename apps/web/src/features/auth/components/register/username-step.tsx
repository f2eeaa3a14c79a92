import { accountMessages, USERNAME_MAX_LENGTH, USERNAME_REJECTED_CHARACTERS } from '@flick/contract';
import { useRef, useState, type FormEvent } from 'react';
import { AlertIcon, CheckIcon } from '../../../../components/ui/icons.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { SubmitButton } from '../../../../components/ui/submit-button.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import type { Availability } from '../../hooks/use-username-availability.ts';
import { t } from '../../../../lib/i18n.ts';

export interface UsernameStepProps {
  username: string;
  onUsernameChange: (username: string) => void;
  availability: Availability;
  checkNow: () => Promise<Availability>;
  onContinue: () => void;
}

function StatusIcon({ availability }: { availability: Availability }) {
  const frame = 'grid size-11 place-items-center';
  switch (availability.status) {
    case 'checking':
      return (
        <span className={`${frame} text-muted`}>
          <Spinner decorative className="size-5" />
        </span>
      );
    case 'available':
      return (
        <span className={`${frame} text-success`}>
          <CheckIcon width="20" height="20" strokeWidth="2.5" />
        </span>
      );
    case 'unavailable':
    case 'error':
      return (
        <span className={`${frame} text-danger`}>
          <AlertIcon width="20" height="20" />
        </span>
      );
    default:
      return null;
  }
}

/**
 * accounts.md §5: required, only letters, digits, hyphen and underscore (anything else is dropped as
 * it is typed), and free on the server. Continue goes on only with a name the server said is free.
 */
export function UsernameStep({ username, onUsernameChange, availability, checkNow, onContinue }: UsernameStepProps) {
  const [requiredShown, setRequiredShown] = useState(false);
  const [continuing, setContinuing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (continuing) return;
    if (!username) {
      setRequiredShown(true);
      inputRef.current?.focus();
      return;
    }
    if (availability.status === 'available') {
      onContinue();
      return;
    }
    if (availability.status !== 'checking') {
      inputRef.current?.focus();
      return;
    }
    setContinuing(true);
    const checked = await checkNow();
    setContinuing(false);
    if (checked.status === 'available') onContinue();
  }

  const problem =
    availability.status === 'unavailable' || availability.status === 'error'
      ? availability.message
      : requiredShown && !username
        ? accountMessages.usernameRequired
        : null;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-7">
      <TextField
        ref={inputRef}
        label={t('Username')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={USERNAME_MAX_LENGTH}
        placeholder="your_name"
        value={username}
        onChange={(event) => {
          setRequiredShown(false);
          onUsernameChange(event.target.value.replace(USERNAME_REJECTED_CHARACTERS, ''));
        }}
        error={problem}
        hint={
          availability.status === 'available' ? (
            <span className="font-semibold text-success">{t(availability.message)}</span>
          ) : availability.status === 'checking' ? (
            t('Checking availability…')
          ) : (
            t('Letters, numbers, hyphens and underscores.')
          )
        }
        trailing={<StatusIcon availability={availability} />}
      />
      <SubmitButton busy={continuing} className="w-full">
        {t('Continue')}
      </SubmitButton>
    </form>
  );
}
