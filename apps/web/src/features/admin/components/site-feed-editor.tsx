import { adminWebcamSiteFeedSchema, type AdminWebcamSite } from '@flick/contract';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useRemoveStatusFeed } from '../api/remove-status-feed.ts';
import { useSetStatusFeed } from '../api/set-status-feed.ts';
import { checkValues, noProblems, serverProblems, type Problems } from '../form-problems.ts';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

const feedFields = ['url', 'listPath', 'roomField', 'intervalSeconds'] as const;

export function SiteFeedEditor({ site, onDone }: { site: AdminWebcamSite; onDone: () => void }) {
  const feed = site.statusFeed;
  const [values, setValues] = useState({
    url: feed?.url ?? '',
    listPath: feed?.listPath ?? '',
    roomField: feed?.roomField ?? '',
    intervalSeconds: String(feed?.intervalSeconds ?? 60),
  });
  const [problems, setProblems] = useState<Problems>(noProblems);
  const save = useSetStatusFeed();
  const stop = useRemoveStatusFeed();

  function submit(event: FormEvent) {
    event.preventDefault();
    const interval = values.intervalSeconds.trim();
    const checked = checkValues(adminWebcamSiteFeedSchema, { ...values, intervalSeconds: /^\d+$/.test(interval) ? Number(interval) : -1 });
    if (checked.problems) {
      setProblems(checked.problems);
      return;
    }
    setProblems(noProblems);
    save.mutate(
      { slug: site.slug, feed: checked.data },
      {
        onSuccess: () => {
          toast(msg('Status feed saved: it is asked at its next turn.'));
          onDone();
        },
        onError: (error) => setProblems(serverProblems(error, feedFields)),
      },
    );
  }

  function stopPolling() {
    setProblems(noProblems);
    stop.mutate(site.slug, {
      onSuccess: () => {
        toast(msg('Status feed removed: the site is no longer asked.'));
        onDone();
      },
      onError: (error) => setProblems(serverProblems(error, [])),
    });
  }

  const field = (name: (typeof feedFields)[number]) => ({
    value: values[name],
    error: problems.fields[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4 border-t border-line pt-4" aria-label={t('Status feed of {name}', { name: site.name })}>
      <TextField label={t('Feed URL')} type="url" inputMode="url" autoCapitalize="none" spellCheck={false} {...field('url')} />
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_10rem]">
        <TextField
          label={t('List path')}
          autoCapitalize="none"
          spellCheck={false}
          hint={t('Where the list is in the JSON, e.g. data.models; empty: the whole answer.')}
          {...field('listPath')}
        />
        <TextField
          label={t('Room field')}
          autoCapitalize="none"
          spellCheck={false}
          hint={t('The field naming the room; empty when entries are names.')}
          {...field('roomField')}
        />
        <TextField label={t('Every (seconds)')} inputMode="numeric" hint={t('15 to 3600')} {...field('intervalSeconds')} />
      </div>
      {problems.form && <FormAlert>{problems.form}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={save.isPending} className="px-8">
          {t('Save feed')}
        </SubmitButton>
        {feed && (
          <button type="button" className="btn btn-secondary h-12" disabled={stop.isPending} onClick={stopPolling}>
            {t('Remove feed')}
          </button>
        )}
        <button type="button" className="btn btn-secondary h-12" onClick={onDone}>
          {t('Cancel')}
        </button>
      </div>
    </form>
  );
}
