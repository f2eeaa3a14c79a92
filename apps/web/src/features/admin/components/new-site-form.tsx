import { adminWebcamSiteCreateSchema } from '@flick/contract';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useCreateWebcamSite } from '../api/create-webcam-site.ts';
import { checkValues, noProblems, serverProblems, type Problems } from '../form-problems.ts';
import { t } from '../../../lib/i18n.ts';

/** A new site: its slug, its name and the hosts its links are recognised by; it comes last in Discover’s order. */
export function NewSiteForm() {
  const [values, setValues] = useState({ slug: '', name: '', hosts: '' });
  const [problems, setProblems] = useState<Problems>(noProblems);
  const create = useCreateWebcamSite();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkValues(adminWebcamSiteCreateSchema, values);
    if (checked.problems) {
      setProblems(checked.problems);
      return;
    }
    setProblems(noProblems);
    create.mutate(checked.data, {
      onSuccess: (site) => {
        toast(t('{name} added, last in Discover’s order.', { name: site.name }));
        setValues({ slug: '', name: '', hosts: '' });
      },
      onError: (error) => setProblems(serverProblems(error, ['slug', 'name', 'hosts'])),
    });
  }

  const change = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form noValidate onSubmit={submit} className="panel flex flex-col gap-4 p-5" aria-labelledby="new-site-title">
      <h2 id="new-site-title" className="text-lg font-bold">
        {t('Add a webcam site')}
      </h2>
      <div className="grid gap-4 md:grid-cols-[14rem_minmax(0,1fr)]">
        <TextField
          label={t('Slug')}
          autoCapitalize="none"
          spellCheck={false}
          hint={t('Lowercase letters, digits and dashes, e.g. stripchat.')}
          value={values.slug}
          error={problems.fields.slug}
          onChange={change('slug')}
        />
        <TextField label={t('Name')} value={values.name} error={problems.fields.name} onChange={change('name')} />
      </div>
      <TextField
        label={t('Hosts')}
        autoCapitalize="none"
        spellCheck={false}
        hint={t('Separated by commas, e.g. stripchat.com, xhamsterlive.com.')}
        value={values.hosts}
        error={problems.fields.hosts}
        onChange={change('hosts')}
      />
      {problems.form && <FormAlert>{problems.form}</FormAlert>}
      <SubmitButton busy={create.isPending} className="self-start px-8">
        {t('Add site')}
      </SubmitButton>
    </form>
  );
}
