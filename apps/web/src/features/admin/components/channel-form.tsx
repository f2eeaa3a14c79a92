import { adminChannelCreateSchema, type AdminPerson } from '@flick/contract';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useCreateChannel, type NewChannel } from '../api/create-channel.ts';
import { checkValues, noProblems, serverProblems, type Problems } from '../form-problems.ts';
import { t } from '../../../lib/i18n.ts';

const fields = ['email', 'name', 'username', 'password'] as const;
const empty: NewChannel = { email: '', name: '', username: '', password: '' };

/** A channel account (studios and brands that post as one channel), made by an admin. */
export function ChannelForm({ onCreated }: { onCreated: (channel: AdminPerson) => void }) {
  const [values, setValues] = useState<NewChannel>(empty);
  const [problems, setProblems] = useState<Problems>(noProblems);
  const create = useCreateChannel();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkValues(adminChannelCreateSchema, values);
    if (checked.problems) {
      setProblems(checked.problems);
      return;
    }
    setProblems(noProblems);
    create.mutate(checked.data, {
      onSuccess: (channel) => {
        toast(t('Channel @{name} created.', { name: channel.username ?? channel.name }));
        setValues(empty);
        onCreated(channel);
      },
      onError: (error) => setProblems(serverProblems(error, fields)),
    });
  }

  const field = (name: (typeof fields)[number]) => ({
    value: values[name],
    error: problems.fields[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form noValidate onSubmit={submit} className="panel flex flex-col gap-4 p-5" aria-labelledby="channel-form-title">
      <h2 id="channel-form-title" className="text-lg font-bold">
        {t('Create a channel account')}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label={t('E-mail')} type="email" autoComplete="off" {...field('email')} />
        <TextField label={t('Channel name')} {...field('name')} />
        <TextField label={t('Username')} autoCapitalize="none" spellCheck={false} {...field('username')} />
        <PasswordField label={t('Password')} autoComplete="new-password" hint={t('At least 12 characters; hand it to the channel’s owner.')} {...field('password')} />
      </div>
      {problems.form && <FormAlert>{problems.form}</FormAlert>}
      <SubmitButton busy={create.isPending} className="self-start px-8">
        {t('Create channel')}
      </SubmitButton>
    </form>
  );
}
