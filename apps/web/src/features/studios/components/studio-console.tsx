import { studioMessages, type StudioAction, type StudioMember } from '@flick/contract';
import { msg } from '@flick/i18n';
import { useNavigate } from 'react-router';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { startActing } from '../../session/stores/session-changes.ts';
import { useStudioConsole } from '../api/studio.ts';
import { formatCount, formatDate, formatNumber, plural } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';

/**
 * The studio console (/studio, ADR 0014): the studio's member creators with their key numbers, each with
 * Manage (this tab then acts for them: their profile, uploads, videos and stats) and the latest actions.
 */
export function StudioConsole() {
  const console = useStudioConsole();
  const navigate = useNavigate();

  if (console.isPending) {
    return (
      <div className="grid place-items-center py-16">
        <Spinner label={t('Loading your studio')} />
      </div>
    );
  }
  if (console.isError) {
    if (console.error instanceof ApiError && console.error.status === 403) {
      return <p className="panel p-5 text-muted">{t(studioMessages.notManager)}</p>;
    }
    return <LoadFailed message={t('Your studio could not load.')} onRetry={() => void console.refetch()} />;
  }
  const { studio, members, actions } = console.data;

  function manage(member: StudioMember) {
    // Nothing of the manager's own account (or of another member) may show while acting for this one.
    queryClient.clear();
    startActing({ id: member.id, type: member.type, name: member.name, studio: studio.name });
    void navigate(paths.account);
  }

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="studio-members">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="studio-members" className="text-lg font-bold">
            {t('Creators')}
          </h2>
          <p className="text-sm text-muted">{plural(members.length, msg('{count} creator'), msg('{count} creators'), formatNumber(members.length))}</p>
        </div>
        {members.length === 0 ? (
          <p className="panel mt-3 p-5 text-sm leading-relaxed text-muted">
            {t('No creator has joined {studio} yet. Send your creators the studio key: they enter it in Settings → Studio, or open', { studio: studio.name })}{' '}
            <span className="font-mono text-fg">/join-studio?key=…</span>.
          </p>
        ) : (
          <ul className="mt-3 grid gap-3 lg:grid-cols-2">
            {members.map((member) => (
              <li key={member.id} className="panel min-w-0 p-4">
                <div className="flex items-center gap-3">
                  <Avatar user={{ name: member.name, username: member.slug, avatar: member.avatar, color: null }} size="sm" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-bold">{member.name}</p>
                    <p className="truncate text-sm text-muted">
                      {member.slug ? `@${member.slug}` : t('No username yet')} · {member.type === 'channel' ? t('Channel') : t('Model')}
                      {member.isVerified !== 'approved' && ` · ${t('not verified')}`}
                    </p>
                  </div>
                  <button type="button" className="btn btn-primary shrink-0 px-4" onClick={() => manage(member)} aria-label={t('Manage {name}', { name: member.name })}>
                    {t('Manage')}
                  </button>
                </div>
                <dl className="mt-4 grid grid-cols-2 gap-2 text-center min-[420px]:grid-cols-4">
                  <KeyNumber label={t('Videos')} value={member.videos} />
                  <KeyNumber label={t('Views')} value={member.views} />
                  <KeyNumber label={t('Likes')} value={member.likes} />
                  <KeyNumber label={t('Followers')} value={member.followers} />
                </dl>
                {member.slug && (
                  <Link to={`/${member.slug}`} className="mt-3 inline-block text-sm font-semibold text-brand hover:underline">
                    {t('View public profile')}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="studio-actions">
        <h2 id="studio-actions" className="text-lg font-bold">
          {t('Recent actions')}
        </h2>
        {actions.length === 0 ? (
          <p className="mt-3 text-sm text-muted">{t('Nothing yet. Joins, leaves and every change made for a creator appear here.')}</p>
        ) : (
          <ol className="panel mt-3 divide-y divide-line">
            {actions.map((action) => (
              <li key={action.id} className="px-4 py-3 text-sm">
                <p className="leading-relaxed">{describe(action)}</p>
                <p className="mt-0.5 text-xs text-muted">
                  <time dateTime={action.at}>{formatDate(action.at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function KeyNumber({ label, value }: { label: string; value: number }) {
  return (
    <div className="min-w-0 rounded-2xl bg-surface-2/60 px-1 py-2">
      <dt className="truncate text-[11px] font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 font-bold tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}

/** "Ana edited the profile for Luna", or "Luna joined the studio" when the creator did it. */
function describe(action: StudioAction): string {
  const member = action.member ?? t('A former account');
  // The action ("edited the profile") is the server's record, in English.
  return action.manager ? t('{manager} {action} for {member}', { manager: action.manager, action: action.action, member }) : `${member} ${action.action}`;
}
