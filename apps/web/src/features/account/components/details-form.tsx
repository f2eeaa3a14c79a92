import { accountMessages, DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH, USERNAME_MAX_LENGTH, USERNAME_PATTERN, type ProfileUser } from '@flick/contract';
import { useRef, useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { endSessionOnError } from '../../session/session-errors.ts';
import { useUpdateProfile } from '../../session/api/update-profile.ts';
import { t } from '../../../lib/i18n.ts';

type Field = 'name' | 'username' | 'description' | 'phone_number';
type Errors = Partial<Record<Field, string>>;
interface Values {
  name: string;
  username: string;
  description: string;
  phone_number: string;
}

/** accounts.md §5 "Profile update", field by field. */
export function validateDetails(values: Values, creator: boolean): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = accountMessages.nameRequired;
  if (!creator) return errors;
  const username = values.username.trim();
  if (!username) errors.username = accountMessages.usernameRequired;
  else if (!USERNAME_PATTERN.test(username)) errors.username = accountMessages.usernameInvalidProfile;
  else if (username.length > USERNAME_MAX_LENGTH) errors.username = accountMessages.usernameTooLong;
  if (values.description.trim().length > DESCRIPTION_MAX_LENGTH) errors.description = accountMessages.descriptionTooLong;
  const phone = values.phone_number.trim();
  if (phone !== '' && phone.length <= 3) errors.phone_number = accountMessages.phoneRequired;
  return errors;
}

/**
 * accounts.md §2 "Details screen": the name for everyone; username, phone and description only for
 * models and channels.
 */
export function DetailsForm({ user }: { user: ProfileUser }) {
  const creator = user.type !== 'user';
  const [values, setValues] = useState<Values>({
    name: user.name,
    username: user.username ?? '',
    description: user.description ?? '',
    phone_number: user.phone_number ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateProfile();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const found = validateDetails(values, creator);
    setErrors(found);
    setFailure(null);
    const first = (['name', 'username', 'description', 'phone_number'] as const).find((field) => found[field]);
    if (first) {
      (formRef.current?.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    const body = creator
      ? {
          name: values.name.trim(),
          username: values.username.trim(),
          description: values.description.trim(),
          phone_number: values.phone_number.trim(),
        }
      : { name: values.name.trim() };
    update.mutate(body, {
      onSuccess: () => toast(accountMessages.detailsUpdated),
      onError: (error) => {
        if (endSessionOnError(error)) return;
        if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) {
          setErrors({
            name: error.fieldError('name'),
            username: error.fieldError('username'),
            description: error.fieldError('description'),
            phone_number: error.fieldError('phone_number'),
          });
          if (!['name', 'username', 'description', 'phone_number'].some((field) => error.fieldError(field))) {
            setFailure(error.firstError());
          }
          return;
        }
        setFailure(accountMessages.somethingWrong);
      },
    });
  }

  const descriptionLength = values.description.trim().length;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <TextField label={t('Name')} name="name" autoComplete="name" maxLength={NAME_MAX_LENGTH} value={values.name} onChange={change('name')} error={errors.name} />
      {creator && (
        <>
          <TextField
            label={t('Username')}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            value={values.username}
            onChange={change('username')}
            error={errors.username}
            hint={t('Letters, numbers, hyphens and underscores.')}
          />
          <TextField
            label={t('Phone number')}
            name="phone_number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+1 555 0100"
            value={values.phone_number}
            onChange={change('phone_number')}
            error={errors.phone_number}
            hint={t('Private. Never shown on your profile.')}
          />
          <TextAreaField
            label={t('Description')}
            name="description"
            placeholder={t('Tell viewers what your shows are about')}
            value={values.description}
            onChange={change('description')}
            error={errors.description}
            aside={
              <span className={descriptionLength > DESCRIPTION_MAX_LENGTH ? 'text-danger' : undefined}>
                {descriptionLength} / {DESCRIPTION_MAX_LENGTH}
              </span>
            }
          />
        </>
      )}

      {failure && <FormAlert>{failure}</FormAlert>}

      <SubmitButton busy={update.isPending} className="w-full sm:w-auto sm:self-end sm:px-10">
        {t('Save')}
      </SubmitButton>
    </form>
  );
}
