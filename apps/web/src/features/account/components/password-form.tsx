import { accountMessages, PASSWORD_MIN_LENGTH } from '@flick/contract';
import { useRef, useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { endSessionOnError } from '../../session/session-errors.ts';
import { useUpdateProfile } from '../../session/api/update-profile.ts';
import { t } from '../../../lib/i18n.ts';

type Field = 'current_password' | 'password' | 'password_confirmation';
const fields: readonly Field[] = ['current_password', 'password', 'password_confirmation'];

/** accounts.md §5 "Password change", in the spec's order: all required, matching, at least 8. */
export function passwordChangeProblem(values: Record<Field, string>): { field: Field; message: string } | null {
  const empty = fields.find((field) => values[field] === '');
  if (empty) return { field: empty, message: accountMessages.passwordFieldsRequired };
  if (values.password !== values.password_confirmation) {
    return { field: 'password_confirmation', message: accountMessages.passwordsMustMatch };
  }
  if (values.password.length < PASSWORD_MIN_LENGTH) return { field: 'password', message: accountMessages.newPasswordTooShort };
  return null;
}

export function PasswordForm() {
  const empty = { current_password: '', password: '', password_confirmation: '' };
  const [values, setValues] = useState<Record<Field, string>>(empty);
  const [problem, setProblem] = useState<{ field?: Field; message: string; inline?: boolean } | null>(null);
  const update = useUpdateProfile();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);

  const focus = (field: Field) => (formRef.current?.elements.namedItem(field) as HTMLElement | null)?.focus();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const found = passwordChangeProblem(values);
    setProblem(found);
    if (found) {
      focus(found.field);
      return;
    }
    update.mutate(values, {
      onSuccess: () => {
        setValues(empty);
        toast(accountMessages.passwordChanged);
      },
      onError: (error) => {
        if (endSessionOnError(error)) return;
        if (!(error instanceof ApiError) || error.status === 0) {
          setProblem({ message: accountMessages.somethingWrong });
          return;
        }
        // The server's field error sits under its field ("Current password is incorrect.").
        const field = fields.find((name) => error.fieldError(name));
        setProblem(field ? { field, message: error.fieldError(field)!, inline: true } : { message: error.firstError() });
        if (field) focus(field);
      },
    });
  }

  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value })),
    'aria-invalid': problem?.field === field || undefined,
    error: problem?.inline && problem.field === field ? problem.message : undefined,
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <PasswordField label={t('Current password')} autoComplete="current-password" {...fieldProps('current_password')} />
      <PasswordField label={t('New password')} autoComplete="new-password" hint={t('At least 8 characters.')} {...fieldProps('password')} />
      <PasswordField label={t('Confirm password')} autoComplete="new-password" {...fieldProps('password_confirmation')} />
      {problem && !problem.inline && <FormAlert>{problem.message}</FormAlert>}
      <SubmitButton busy={update.isPending} className="w-full sm:w-auto sm:self-end sm:px-10">
        {t('Change password')}
      </SubmitButton>
    </form>
  );
}
