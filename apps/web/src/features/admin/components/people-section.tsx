import { adminMessages, type AdminPerson } from '@flick/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SearchIcon } from '../../../components/ui/search-icons.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useBan } from '../api/ban-person.ts';
import { usePeople } from '../api/get-people.ts';
import { useSetAdmin } from '../api/set-admin.ts';
import { useUnban } from '../api/unban-person.ts';
import { formatDay, formatMoment } from '../admin-format.ts';
import { historyPath } from '../admin-paths.ts';
import { Badge, Empty, errorMessage, Fact, Failed, Loading, VerificationBadge } from './admin-ui.tsx';
import { ChannelForm } from './channel-form.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { currentLocale, t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';
import { formatNumber } from '../../../lib/format.ts';

const typeLabels: Record<AdminPerson['type'], string> = { user: msg('Viewer'), model: msg('Model'), channel: msg('Channel') };

type Asking = { kind: 'ban' | 'unban' | 'grant' | 'revoke'; person: AdminPerson } | null;

function PersonCard({ person, onAsk }: { person: AdminPerson; onAsk: (asking: Asking) => void }) {
  return (
    <li className={`panel flex flex-col gap-3 p-4 ${person.bannedAt ? 'border-danger/35' : ''}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-bold">{person.name || person.email}</span>
            <Badge>{t(typeLabels[person.type])}</Badge>
            {person.isAdmin && <Badge tone="success">{t('Admin')}</Badge>}
            {person.bannedAt && <Badge tone="danger">{t('Banned')}</Badge>}
          </p>
          <p className="mt-0.5 text-sm break-all text-muted">
            {person.email}
            {person.slug && (
              <>
                {' · '}
                <Link to={`/${person.slug}`} className="text-accent-soft underline underline-offset-2">
                  @{person.username ?? person.slug}
                </Link>
              </>
            )}
            {' · '}#{person.id}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {person.bannedAt ? (
            <button type="button" className="btn btn-secondary" onClick={() => onAsk({ kind: 'unban', person })} aria-label={t('Unban {email}', { email: person.email })}>
              {t('Unban')}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-secondary hover:text-danger"
              onClick={() => onAsk({ kind: 'ban', person })}
              aria-label={t('Ban {email}', { email: person.email })}
            >
              {t('Ban…')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => onAsk({ kind: person.isAdmin ? 'revoke' : 'grant', person })}
            aria-label={person.isAdmin ? t('Revoke admin from {email}', { email: person.email }) : t('Make admin: {email}', { email: person.email })}
          >
            {person.isAdmin ? t('Revoke admin') : t('Make admin')}
          </button>
        </div>
      </div>
      {person.bannedAt && (
        <p className="rounded-2xl bg-danger/10 px-3 py-2 text-sm">
          {t('Banned {date}', { date: formatMoment(person.bannedAt) })}
          {person.bannedReason && `: ${person.bannedReason}`}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        <Fact label={t('Verification')}>{person.type === 'user' ? '–' : <VerificationBadge status={person.isVerified} short />}</Fact>
        <Fact label={t('Studio')}>{person.studio ?? '–'}</Fact>
        <Fact label={t('Videos')}>{formatNumber(person.videos)}</Fact>
        <Fact label={t('Reports')}>
          <span className={person.reports > 0 ? 'font-bold text-accent-2' : ''}>{formatNumber(person.reports)}</span>
        </Fact>
        <Fact label={t('Joined')}>{formatDay(person.createdAt)}</Fact>
        <Fact label={t('Record')}>
          <Link to={historyPath('user', person.id)} className="font-semibold text-muted hover:text-fg hover:underline">
            {t('History')}
          </Link>
        </Fact>
      </dl>
    </li>
  );
}

/** People: find accounts; ban and unban; make and revoke admins; create channel accounts. */
export function PeopleSection() {
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const people = usePeople(query);
  const ban = useBan();
  const unban = useUnban();
  const setAdmin = useSetAdmin();
  const [asking, setAsking] = useState<Asking>(null);

  function search(event: FormEvent) {
    event.preventDefault();
    setQuery(draft.trim());
  }

  const done = (message: string) => ({
    onSuccess: () => toast(message),
    onError: (error: unknown) => toast(errorMessage(error), { tone: 'error' }),
  });

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <form role="search" className="flex min-w-0 flex-1 gap-2" onSubmit={search}>
          <label className="relative min-w-0 flex-1">
            <span className="sr-only">{t('Search people by e-mail, username or name')}</span>
            <SearchIcon width="20" height="20" className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-subtle" />
            <input type="search" className="field pl-12" placeholder={t('E-mail, username or name')} value={draft} onChange={(event) => setDraft(event.target.value)} />
          </label>
          <button type="submit" className="btn btn-primary h-12">
            {t('Search')}
          </button>
        </form>
        <button type="button" className="btn btn-secondary h-12" aria-expanded={creating} onClick={() => setCreating((open) => !open)}>
          {creating ? t('Close the channel form') : t('Create a channel account')}
        </button>
      </div>
      {creating && (
        <ChannelForm
          onCreated={(channel) => {
            setCreating(false);
            setDraft(channel.email);
            setQuery(channel.email);
          }}
        />
      )}

      {people.isPending ? (
        <Loading label={t('Searching')} />
      ) : people.isError ? (
        <Failed error={people.error} what={t('The accounts')} onRetry={() => void people.refetch()} />
      ) : people.data.length === 0 ? (
        <Empty>{query ? t('No account matches “{query}”.', { query }) : t('No account yet.')}</Empty>
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {query
              ? t(new Intl.PluralRules(currentLocale()).select(people.data.length) === 'one' ? '{count} account matches “{query}”' : '{count} accounts match “{query}”', {
                  count: formatNumber(people.data.length),
                  query,
                })
              : t('The newest accounts')}
          </p>
          <ul className="flex flex-col gap-3">
            {people.data.map((person) => (
              <PersonCard key={person.id} person={person} onAsk={setAsking} />
            ))}
          </ul>
        </>
      )}

      {asking?.kind === 'ban' && (
        <ReasonDialog
          title={t('Ban {name}', { name: asking.person.name || asking.person.email })}
          text={t('They are signed out everywhere, their profile and videos are hidden (kept), and sign-in is refused with a clear message.')}
          requiredMessage={adminMessages.banReasonRequired}
          confirmLabel={t('Ban')}
          destructive
          busy={ban.isPending}
          error={ban.isError ? errorMessage(ban.error) : null}
          onConfirm={(reason) =>
            ban.mutate(
              { id: asking.person.id, reason },
              {
                onSuccess: () => {
                  setAsking(null);
                  toast(msg('Banned and signed out everywhere.'));
                },
              },
            )
          }
          onClose={() => {
            ban.reset();
            setAsking(null);
          }}
        />
      )}
      <ConfirmDialog
        open={asking?.kind === 'unban'}
        title={t('Lift the ban?')}
        text={t('They can sign in again, and the videos the ban hid show again.')}
        confirmLabel={t('Unban')}
        onConfirm={() => {
          if (asking) unban.mutate(asking.person.id, done(msg('The ban is lifted.')));
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking?.kind === 'grant' || asking?.kind === 'revoke'}
        title={asking?.kind === 'grant' ? t('Make this account an admin?') : t('Revoke this admin?')}
        text={
          asking?.kind === 'grant'
            ? t('{email} can then do everything in this console.', { email: asking.person.email })
            : asking
              ? t('{email} can no longer open this console.', { email: asking.person.email })
              : t('They can no longer open this console.')
        }
        confirmLabel={asking?.kind === 'grant' ? t('Make admin') : t('Revoke')}
        destructive={asking?.kind === 'revoke'}
        onConfirm={() => {
          if (asking)
            setAdmin.mutate(
              { id: asking.person.id, isAdmin: asking.kind === 'grant' },
              done(asking.kind === 'grant' ? msg('Now an admin.') : msg('No longer an admin.')),
            );
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
