import { NAME_MAX_LENGTH, type RegistrationType } from '@flick/contract';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../../components/ui/form-alert.tsx';
import { PasswordField } from '../../../../components/ui/password-field.tsx';
import { SubmitButton } from '../../../../components/ui/submit-button.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { paths } from '../../../../config/paths.ts';
import { validateFinalStep, type FinalStepField, type FinalStepValues } from '../../registration.ts';
import { Checkbox } from '../../../../components/ui/checkbox.tsx';
import { EmailField } from '../../../../components/ui/email-field.tsx';
import { t } from '../../../../lib/i18n.ts';

const inputNames: Record<FinalStepField, string> = {
  name: 'name',
  email: 'email',
  password: 'password',
  passwordConfirmation: 'password_confirmation',
  phone: 'phone_number',
  terms: 'terms',
};

export interface FinalStepProps {
  type: RegistrationType;
  values: FinalStepValues;
  onChange: (values: Partial<FinalStepValues>) => void;
  /** Sends the registration; resolves to an error message, or null once the account exists. */
  onSubmit: () => Promise<{ message: string; field?: FinalStepField } | null>;
}

/**
 * accounts.md §5 "Registration final": name, email, password and confirmation, and for a model a
 * phone number and the terms. One message at a time, in the spec's order, above the button.
 */
export function FinalStep({ type, values, onChange, onSubmit }: FinalStepProps) {
  const [problem, setProblem] = useState<{ message: string; field?: FinalStepField } | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focus = (field: FinalStepField) => (formRef.current?.elements.namedItem(inputNames[field]) as HTMLElement | null)?.focus();
  const model = type === 'model';
  const invalid = (field: FinalStepField) => (problem?.field === field ? true : undefined);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const found = validateFinalStep(type, values);
    if (found) {
      setProblem(found);
      focus(found.field);
      return;
    }
    setProblem(null);
    setSending(true);
    const failure = await onSubmit();
    setSending(false);
    setProblem(failure);
    if (failure?.field) focus(failure.field);
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <TextField
        label={t('Name')}
        name="name"
        autoComplete="name"
        maxLength={NAME_MAX_LENGTH}
        value={values.name}
        onChange={(event) => onChange({ name: event.target.value })}
        aria-invalid={invalid('name')}
      />
      <EmailField value={values.email} onValueChange={(email) => onChange({ email })} aria-invalid={invalid('email')} />
      <PasswordField
        label={t('Password')}
        name="password"
        autoComplete="new-password"
        hint={t('At least 8 characters.')}
        value={values.password}
        onChange={(event) => onChange({ password: event.target.value })}
        aria-invalid={invalid('password')}
      />
      <PasswordField
        label={t('Confirm password')}
        name="password_confirmation"
        autoComplete="new-password"
        value={values.passwordConfirmation}
        onChange={(event) => onChange({ passwordConfirmation: event.target.value })}
        aria-invalid={invalid('passwordConfirmation')}
      />
      {model && (
        <>
          <TextField
            label={t('Phone number')}
            name="phone_number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+1 555 0100"
            hint={t('For account security only. Never shown on your profile.')}
            value={values.phone}
            onChange={(event) => onChange({ phone: event.target.value })}
            aria-invalid={invalid('phone')}
          />
          <Checkbox name="terms" checked={values.terms} onChange={(terms) => onChange({ terms })} invalid={invalid('terms')}>
            {t('I agree to the')}{' '}
            <Link
              to={paths.page('terms')}
              target="_blank"
              className="font-semibold text-accent-soft underline decoration-accent-soft/40 underline-offset-4 hover:decoration-current"
            >
              {t('Terms & Conditions')}
            </Link>
          </Checkbox>
        </>
      )}

      {problem && <FormAlert>{problem.message}</FormAlert>}

      <SubmitButton busy={sending} className="mt-1 w-full">
        {t('Create account')}
      </SubmitButton>
      <p className="text-center text-sm text-muted">
        {t('Already have an account?')}{' '}
        <Link to={paths.login} className="inline-flex min-h-11 items-center font-semibold text-fg hover:text-accent-soft">
          {t('Sign in')}
        </Link>
      </p>
    </form>
  );
}
