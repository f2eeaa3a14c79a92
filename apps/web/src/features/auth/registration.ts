import { accountMessages, EMAIL_PATTERN, PASSWORD_MIN_LENGTH, type RegistrationType } from '@flick/contract';

/** accounts.md §2: the registration wizard's steps by account type. */
export type RegisterStep = 'type' | 'username' | 'sex' | 'preference' | 'final' | 'verify';

const stepsByType: Record<RegistrationType, readonly RegisterStep[]> = {
  model: ['type', 'username', 'sex', 'final', 'verify'],
  user: ['type', 'preference', 'final', 'verify'],
};

export function registerSteps(type: RegistrationType): readonly RegisterStep[] {
  return stepsByType[type];
}

export const isRegistrationType = (value: string | undefined): value is RegistrationType => value === 'model' || value === 'user';

export interface FinalStepValues {
  name: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  phone: string;
  terms: boolean;
}
export type FinalStepField = keyof FinalStepValues;

/** The first problem of the final step, checked in the order of accounts.md §5, or null. */
export function validateFinalStep(type: RegistrationType, values: FinalStepValues): { field: FinalStepField; message: string } | null {
  const required: FinalStepField[] = ['name', 'email', 'password', 'passwordConfirmation'];
  const empty = required.find((field) => String(values[field]).trim() === '');
  if (empty) return { field: empty, message: accountMessages.fillAllFields };
  if (!EMAIL_PATTERN.test(values.email.trim())) return { field: 'email', message: accountMessages.invalidEmailAddress };
  if (values.password !== values.passwordConfirmation) {
    return { field: 'passwordConfirmation', message: accountMessages.passwordsDoNotMatch };
  }
  if (values.password.length < PASSWORD_MIN_LENGTH) return { field: 'password', message: accountMessages.passwordTooShort };
  if (type === 'model') {
    if (values.phone.trim().length <= 3) return { field: 'phone', message: accountMessages.phoneRequired };
    if (!values.terms) return { field: 'terms', message: accountMessages.termsRequired };
  }
  return null;
}
