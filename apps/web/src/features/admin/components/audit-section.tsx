import { adminAuditActions, type AdminAuditEntry } from '@flick/contract';
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAudit } from '../api/get-audit.ts';
import { describeChange, formatMoment } from '../admin-format.ts';
import { adminPath, auditQuery, idFrom, type AuditFilter } from '../admin-paths.ts';
import { Empty, Failed, Loading } from './admin-ui.tsx';
import { t } from '../../../lib/i18n.ts';

const targetTypes = ['verification', 'video', 'user', 'page', 'contest', 'studio', 'webcam-site', 'ad-campaign', 'age-rule'];

/** The filter an address carries: ?action=…&target_type=…&target_id=… */
function filterOf(search: string): AuditFilter {
  const query = new URLSearchParams(search);
  return {
    action: query.get('action') ?? undefined,
    targetType: query.get('target_type') ?? undefined,
    targetId: idFrom(query.get('target_id') ?? undefined) ?? undefined,
  };
}

function FilterForm({ filter }: { filter: AuditFilter }) {
  const navigate = useNavigate();
  const id = useId();
  const [action, setAction] = useState(filter.action ?? '');
  const [targetType, setTargetType] = useState(filter.targetType ?? '');
  const [targetId, setTargetId] = useState(filter.targetId ? String(filter.targetId) : '');

  function apply(event: FormEvent) {
    event.preventDefault();
    const query = auditQuery({ action: action.trim() || undefined, targetType: targetType || undefined, targetId: idFrom(targetId.trim()) ?? undefined });
    void navigate(`${adminPath('audit')}${query ? `?${query}` : ''}`);
  }

  const filtered = Boolean(filter.action || filter.targetType || filter.targetId);
  return (
    <form
      role="search"
      aria-label={t('Filter the audit log')}
      onSubmit={apply}
      className="panel grid gap-3 p-4 sm:grid-cols-2 xl:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_8rem_auto]"
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${id}-action`} className="text-sm font-semibold">
          {t('Action')}
        </label>
        <input
          id={`${id}-action`}
          className="field"
          list={`${id}-actions`}
          placeholder={t('Any action')}
          value={action}
          onChange={(event) => setAction(event.target.value)}
        />
        {/* Every action the log records (the contract's list); any other text filters too. */}
        <datalist id={`${id}-actions`}>
          {adminAuditActions.map((known) => (
            <option key={known} value={known} />
          ))}
        </datalist>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${id}-type`} className="text-sm font-semibold">
          {t('Target')}
        </label>
        <select id={`${id}-type`} className="field" value={targetType} onChange={(event) => setTargetType(event.target.value)}>
          <option value="">{t('Anything')}</option>
          {targetTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${id}-target`} className="text-sm font-semibold">
          {t('Target #')}
        </label>
        <input id={`${id}-target`} className="field" inputMode="numeric" placeholder={t('Any')} value={targetId} onChange={(event) => setTargetId(event.target.value)} />
      </div>
      <div className="flex items-end gap-2">
        <button type="submit" className="btn btn-primary h-12">
          {t('Filter')}
        </button>
        {filtered && (
          <button type="button" className="btn btn-secondary h-12" onClick={() => void navigate(adminPath('audit'))}>
            {t('Clear')}
          </button>
        )}
      </div>
    </form>
  );
}

function Entry({ entry }: { entry: AdminAuditEntry }) {
  const changes = describeChange(entry.before, entry.after);
  return (
    <li className="grid gap-x-5 gap-y-1.5 px-4 py-3.5 text-sm md:grid-cols-[10.5rem_minmax(0,1fr)_minmax(0,1.2fr)]">
      <time dateTime={entry.at} className="text-muted tabular-nums">
        {formatMoment(entry.at)}
      </time>
      <p className="min-w-0">
        <span className="font-semibold break-all">
          {entry.admin?.email ?? (entry.cliUser === null ? t('A deleted admin') : t('Command line ({user})', { user: entry.cliUser }))}
        </span>{' '}
        {entry.action}
        {entry.admin && entry.cliUser !== null && <span className="text-muted"> {t('at the command line ({user})', { user: entry.cliUser })}</span>}
        <span className="block text-muted">
          {entry.targetType}
          {entry.targetId !== null && ` #${entry.targetId}`}
        </span>
      </p>
      {changes.length > 0 ? (
        <ul className="min-w-0 font-mono text-xs leading-relaxed">
          {changes.map((line, index) => (
            <li key={index} className={`break-words ${line.changed ? '' : 'text-subtle'}`}>
              {line.field && <span className="text-muted">{line.field}: </span>}
              {line.text}
            </li>
          ))}
        </ul>
      ) : (
        <span className="text-subtle">–</span>
      )}
    </li>
  );
}

/** The audit log: every admin decision, newest first, filterable by action and target, page by page. */
export function AuditSection() {
  const { search } = useLocation();
  const filter = filterOf(search);
  const audit = useAudit(filter);
  const entries = audit.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <div className="flex flex-col gap-5">
      <FilterForm key={search} filter={filter} />
      {audit.isPending ? (
        <Loading label={t('Loading the audit log')} />
      ) : audit.isError ? (
        <Failed error={audit.error} what={t('The audit log')} onRetry={() => void audit.refetch()} />
      ) : entries.length === 0 ? (
        <Empty>{filter.action || filter.targetType || filter.targetId ? t('Nothing recorded for this filter.') : t('Nothing recorded yet.')}</Empty>
      ) : (
        <>
          <ol className="panel divide-y divide-line" aria-label={t('Audit log')}>
            {entries.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </ol>
          {audit.hasNextPage && (
            <button type="button" className="btn btn-secondary self-center" onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage}>
              {audit.isFetchingNextPage ? t('Loading…') : t('Load more')}
            </button>
          )}
        </>
      )}
    </div>
  );
}
