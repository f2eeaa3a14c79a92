import { accountMessages, EMAIL_PATTERN } from '@flick/contract';
import { useRef, useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { EmailField } from '../../../components/ui/email-field.tsx';
import { t } from '../../../lib/i18n.ts';

/** accounts.md §5 and §8 password recovery: the e-mail is required; one message for success, one for failure. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const send = useForgotPassword();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    const address = email.trim();
    const found = !address ? accountMessages.forgotEmailRequired : !EMAIL_PATTERN.test(address) ? accountMessages.invalidEmailAddress : null;
    setProblem(found);
    if (found) {
      inputRef.current?.focus();
      return;
    }
    send.reset();
    send.mutate(address);
  }

  const failure = send.isError ? (send.error instanceof ApiError && send.error.status === 429 ? accountMessages.tooManyAttempts : accountMessages.somethingWrong) : null;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <EmailField ref={inputRef} value={email} onValueChange={setEmail} error={problem} />
      {send.isSuccess && <FormAlert tone="success">{accountMessages.forgotSent}</FormAlert>}
      {failure && <FormAlert>{failure}</FormAlert>}
      <SubmitButton busy={send.isPending} className="w-full">
        {t('Send reset link')}
      </SubmitButton>
    </form>
  );
}
