import { adminStudioCreateSchema, type AdminStudio } from '@flick/contract';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useCreateStudio, type StudioKey } from '../api/create-studio.ts';
import { useStudios } from '../api/get-studios.ts';
import { useRotateStudioKey } from '../api/rotate-studio-key.ts';
import { Empty, errorMessage, Failed, Loading, ShownOnceDialog } from './admin-ui.tsx';
import { checkValues, noProblems, serverProblems, type Problems } from '../form-problems.ts';
import { t } from '../../../lib/i18n.ts';
import { formatNumber, plural } from '../../../lib/format.ts';

/** A studio's join key, shown this once: the server keeps only what checks it. */
function KeyDialog({ studioKey, onClose }: { studioKey: StudioKey; onClose: () => void }) {
  return (
    <ShownOnceDialog
      what="key"
      value={studioKey.key}
      onClose={onClose}
      title={t('Key for {name}', { name: studioKey.studio.name })}
      description={t('Shown this once: copy it now and hand it to the studio. Its creators enter it to join.')}
    />
  );
}

function NewStudioForm({ onCreated }: { onCreated: (key: StudioKey) => void }) {
  const [values, setValues] = useState({ name: '', managerEmail: '', managerPassword: '' });
  const [problems, setProblems] = useState<Problems>(noProblems);
  const create = useCreateStudio();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkValues(adminStudioCreateSchema, { ...values, managerPassword: values.managerPassword || undefined });
    if (checked.problems) {
      setProblems(checked.problems);
      return;
    }
    setProblems(noProblems);
    create.mutate(checked.data, {
      onSuccess: (created) => {
        setValues({ name: '', managerEmail: '', managerPassword: '' });
        onCreated(created);
      },
      onError: (error) => setProblems(serverProblems(error, ['name', 'managerEmail', 'managerPassword'])),
    });
  }

  const change = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form noValidate onSubmit={submit} className="panel flex flex-col gap-4 p-5" aria-labelledby="new-studio-title">
      <h2 id="new-studio-title" className="text-lg font-bold">
        {t('Create a studio')}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <TextField label={t('Studio name')} value={values.name} error={problems.fields.name} onChange={change('name')} />
        <TextField
          label={t('Manager’s e-mail')}
          type="email"
          autoComplete="off"
          value={values.managerEmail}
          error={problems.fields.managerEmail}
          onChange={change('managerEmail')}
        />
        <PasswordField
          label={t('Manager’s password')}
          autoComplete="new-password"
          hint={t('Only for a new manager account.')}
          value={values.managerPassword}
          error={problems.fields.managerPassword}
          onChange={change('managerPassword')}
        />
      </div>
      {problems.form && <FormAlert>{problems.form}</FormAlert>}
      <SubmitButton busy={create.isPending} className="self-start px-8">
        {t('Create studio')}
      </SubmitButton>
    </form>
  );
}

/** Studios: who manages each and how many creators it has; a new studio or a new key shows its key once. */
export function StudiosPanel() {
  const studios = useStudios();
  const rotate = useRotateStudioKey();
  const [rotating, setRotating] = useState<AdminStudio | null>(null);
  const [shown, setShown] = useState<StudioKey | null>(null);

  return (
    <div className="flex flex-col gap-5">
      {studios.isPending ? (
        <Loading label={t('Loading the studios')} />
      ) : studios.isError ? (
        <Failed error={studios.error} what={t('The studios')} onRetry={() => void studios.refetch()} />
      ) : studios.data.length === 0 ? (
        <Empty>{t('No studio yet.')}</Empty>
      ) : (
        <ul className="panel divide-y divide-line">
          {studios.data.map((studio) => (
            <li key={studio.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3.5">
              <div className="min-w-0">
                <p className="font-bold">{studio.name}</p>
                <p className="mt-0.5 text-sm break-all text-muted">
                  {plural(studio.members, '{count} creator', '{count} creators', formatNumber(studio.members))} ·{' '}
                  {studio.managers.length > 0 ? t('managed by {names}', { names: studio.managers.join(', ') }) : t('managed by nobody yet')}
                </p>
              </div>
              <button type="button" className="btn btn-secondary" onClick={() => setRotating(studio)} aria-label={t('New key for {name}', { name: studio.name })}>
                {t('New key…')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <NewStudioForm onCreated={setShown} />
      <ConfirmDialog
        open={rotating !== null}
        title={t('Give this studio a new key?')}
        text={t('The old key stops working at once; creators who joined stay.')}
        confirmLabel={t('New key')}
        onConfirm={() => {
          if (rotating) rotate.mutate(rotating.id, { onSuccess: setShown, onError: (error) => toast(errorMessage(error), { tone: 'error' }) });
          setRotating(null);
        }}
        onCancel={() => setRotating(null)}
      />
      {shown && <KeyDialog studioKey={shown} onClose={() => setShown(null)} />}
    </div>
  );
}
