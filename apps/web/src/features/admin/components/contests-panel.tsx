import { adminContestCreateSchema, adminContestUpdateSchema, type AdminContest } from '@flick/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useCreateContest } from '../api/create-contest.ts';
import { useContests } from '../api/get-contests.ts';
import { useOrderContests } from '../api/order-contests.ts';
import { useUpdateContest } from '../api/update-contest.ts';
import { formatMoment } from '../admin-format.ts';
import { historyPath } from '../admin-paths.ts';
import { Badge, Empty, errorMessage, Failed, Loading } from './admin-ui.tsx';
import { checkValues, noProblems, serverProblems, type Problems } from '../form-problems.ts';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

function NewContestForm() {
  const [values, setValues] = useState({ userId: '', title: '', content: '' });
  const [problems, setProblems] = useState<Problems>(noProblems);
  const create = useCreateContest();

  function submit(event: FormEvent) {
    event.preventDefault();
    const userId = /^\d+$/.test(values.userId.trim()) ? Number(values.userId.trim()) : NaN;
    const checked = checkValues(adminContestCreateSchema, { ...values, userId });
    if (checked.problems) {
      setProblems({
        ...checked.problems,
        fields: { ...checked.problems.fields, ...(Number.isNaN(userId) || userId <= 0 ? { userId: msg('Enter the creator’s account number (People shows it).') } : {}) },
      });
      return;
    }
    setProblems(noProblems);
    create.mutate(checked.data, {
      onSuccess: (contest) => {
        toast(t('Contest added to {name}’s profile.', { name: contest.creator }));
        setValues({ userId: '', title: '', content: '' });
      },
      onError: (error) => setProblems(serverProblems(error, ['userId', 'title', 'content'])),
    });
  }

  const change = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form noValidate onSubmit={submit} className="panel flex flex-col gap-4 p-5" aria-labelledby="new-contest-title">
      <h2 id="new-contest-title" className="text-lg font-bold">
        {t('Create a contest')}
      </h2>
      <div className="grid gap-4 md:grid-cols-[10rem_minmax(0,1fr)]">
        <TextField label={t('Creator’s account #')} inputMode="numeric" value={values.userId} error={problems.fields.userId} onChange={change('userId')} />
        <TextField label={t('Title')} value={values.title} error={problems.fields.title} onChange={change('title')} />
      </div>
      <TextAreaField label={t('Content (HTML)')} rows={5} value={values.content} error={problems.fields.content} onChange={change('content')} />
      {problems.form && <FormAlert>{problems.form}</FormAlert>}
      <SubmitButton busy={create.isPending} className="self-start px-8">
        {t('Create contest')}
      </SubmitButton>
    </form>
  );
}

function ContestEditor({ contest, onDone }: { contest: AdminContest; onDone: () => void }) {
  const [values, setValues] = useState({ title: contest.title, content: contest.content, position: String(contest.position) });
  const [problems, setProblems] = useState<Problems>(noProblems);
  const update = useUpdateContest();

  function submit(event: FormEvent) {
    event.preventDefault();
    const position = /^\d+$/.test(values.position.trim()) ? Number(values.position.trim()) : -1;
    const checked = checkValues(adminContestUpdateSchema, { title: values.title, content: values.content, position });
    if (checked.problems) {
      setProblems(checked.problems);
      return;
    }
    update.mutate(
      { id: contest.id, change: checked.data },
      {
        onSuccess: () => {
          toast(msg('Contest saved.'));
          onDone();
        },
        onError: (error) => setProblems(serverProblems(error, ['title', 'content', 'position'])),
      },
    );
  }

  const change = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4 border-t border-line pt-4" aria-label={t('Edit {title}', { title: contest.title })}>
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_8rem]">
        <TextField label={t('Title')} value={values.title} error={problems.fields.title} onChange={change('title')} />
        <TextField label={t('Position')} inputMode="numeric" value={values.position} error={problems.fields.position} onChange={change('position')} hint={t('0 first')} />
      </div>
      <TextAreaField label={t('Content (HTML)')} rows={5} value={values.content} error={problems.fields.content} onChange={change('content')} />
      {problems.form && <FormAlert>{problems.form}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={update.isPending} className="px-8">
          {t('Save contest')}
        </SubmitButton>
        <button type="button" className="btn btn-secondary h-12" onClick={onDone}>
          {t('Cancel')}
        </button>
      </div>
    </form>
  );
}

function ContestRow({ contest, onMove, canMove }: { contest: AdminContest; onMove: ((direction: -1 | 1) => void) | null; canMove: { up: boolean; down: boolean } }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateContest();
  const ended = contest.endedAt !== null;

  function setEnded(value: boolean) {
    update.mutate(
      { id: contest.id, change: { ended: value } },
      {
        onSuccess: () => toast(value ? msg('Contest ended: it left the profile.') : msg('Contest running again.')),
        onError: (error) => toast(errorMessage(error), { tone: 'error' }),
      },
    );
  }

  return (
    <li className="flex flex-col gap-3 px-4 py-3.5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-bold">{contest.title}</span>
            {ended ? <Badge>{t('Ended')}</Badge> : <Badge tone="success">{t('Running')}</Badge>}
          </p>
          <p className="mt-0.5 text-sm text-muted">
            {contest.creator} (#{contest.userId}) · {t('position {position}', { position: contest.position })} ·{' '}
            {t('created {date}', { date: formatMoment(contest.createdAt) })}
            {contest.endedAt && ` · ${t('ended {date}', { date: formatMoment(contest.endedAt) })}`} ·{' '}
            <Link to={historyPath('contest', contest.id)} className="font-semibold hover:text-fg hover:underline">
              {t('History')}
            </Link>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-secondary px-3"
            disabled={!onMove || !canMove.up}
            onClick={() => onMove?.(-1)}
            aria-label={t('Move {title} up', { title: contest.title })}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn btn-secondary px-3"
            disabled={!onMove || !canMove.down}
            onClick={() => onMove?.(1)}
            aria-label={t('Move {title} down', { title: contest.title })}
          >
            ↓
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            aria-expanded={editing}
            onClick={() => setEditing((open) => !open)}
            aria-label={t('Edit {title}', { title: contest.title })}
          >
            {t('Edit')}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={update.isPending}
            onClick={() => setEnded(!ended)}
            aria-label={ended ? t('Reopen {title}', { title: contest.title }) : t('End {title}', { title: contest.title })}
          >
            {ended ? t('Reopen') : t('End')}
          </button>
        </div>
      </div>
      {editing && <ContestEditor contest={contest} onDone={() => setEditing(false)} />}
    </li>
  );
}

/** One creator's running (or ended) contests, in the order their profile shows them. */
const groupOf = (all: AdminContest[], contest: AdminContest) =>
  all.filter((other) => other.userId === contest.userId && (other.endedAt === null) === (contest.endedAt === null));

/** Contests: the list (running first, by creator and position), edit, reorder, end; and a new one for a creator. */
export function ContestsPanel() {
  const contests = useContests();
  const order = useOrderContests();

  /**
   * Moves a contest one place among its creator's running (or ended) ones, and sends all of that creator's
   * contests in the order shown, in one call: an order is saved whole or not at all.
   */
  function move(all: AdminContest[], contest: AdminContest, direction: -1 | 1) {
    const group = groupOf(all, contest);
    const from = group.indexOf(contest);
    const to = from + direction;
    if (to < 0 || to >= group.length) return;
    [group[from], group[to]] = [group[to]!, group[from]!];
    const rest = all.filter((other) => other.userId === contest.userId && !group.includes(other));
    const shown = contest.endedAt === null ? [...group, ...rest] : [...rest, ...group];
    order.mutate({ userId: contest.userId, ids: shown.map((item) => item.id) }, { onError: (error) => toast(errorMessage(error), { tone: 'error' }) });
  }

  return (
    <div className="flex flex-col gap-5">
      {contests.isPending ? (
        <Loading label={t('Loading the contests')} />
      ) : contests.isError ? (
        <Failed error={contests.error} what={t('The contests')} onRetry={() => void contests.refetch()} />
      ) : contests.data.length === 0 ? (
        <Empty>{t('No contest yet. Create one for a creator below.')}</Empty>
      ) : (
        <ul className="panel divide-y divide-line">
          {contests.data.map((contest) => {
            const group = groupOf(contests.data, contest);
            const index = group.indexOf(contest);
            return (
              <ContestRow
                key={contest.id}
                contest={contest}
                onMove={order.isPending ? null : (direction) => move(contests.data, contest, direction)}
                canMove={{ up: index > 0, down: index < group.length - 1 }}
              />
            );
          })}
        </ul>
      )}
      <NewContestForm />
    </div>
  );
}
