import { adminWebcamSiteUpdateSchema, type AdminWebcamSite } from '@flick/contract';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useUpdateWebcamSite } from '../api/update-webcam-site.ts';
import { checkValues, noProblems, serverProblems, type Problems } from '../form-problems.ts';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

/** A site’s name and hosts; its slug is its address and stays. */
export function SiteEditor({ site, onDone }: { site: AdminWebcamSite; onDone: () => void }) {
  const [values, setValues] = useState({ name: site.name, hosts: site.hosts.join(', ') });
  const [problems, setProblems] = useState<Problems>(noProblems);
  const update = useUpdateWebcamSite();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkValues(adminWebcamSiteUpdateSchema, values);
    if (checked.problems) {
      setProblems(checked.problems);
      return;
    }
    update.mutate(
      { slug: site.slug, change: checked.data },
      {
        onSuccess: () => {
          toast(msg('Site saved.'));
          onDone();
        },
        onError: (error) => setProblems(serverProblems(error, ['name', 'hosts'])),
      },
    );
  }

  const change = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4 border-t border-line pt-4" aria-label={t('Edit {name}', { name: site.name })}>
      <div className="grid gap-4 md:grid-cols-[14rem_minmax(0,1fr)]">
        <TextField label={t('Name')} value={values.name} error={problems.fields.name} onChange={change('name')} />
        <TextField
          label={t('Hosts')}
          autoCapitalize="none"
          spellCheck={false}
          hint={t('Separated by commas.')}
          value={values.hosts}
          error={problems.fields.hosts}
          onChange={change('hosts')}
        />
      </div>
      {problems.form && <FormAlert>{problems.form}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={update.isPending} className="px-8">
          {t('Save site')}
        </SubmitButton>
        <button type="button" className="btn btn-secondary h-12" onClick={onDone}>
          {t('Cancel')}
        </button>
      </div>
    </form>
  );
}
