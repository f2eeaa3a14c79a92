import type { PerformerStatus } from '@flick/contract';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ShieldIcon } from '../../../components/ui/account-icons.tsx';
import { t } from '../../../lib/i18n.ts';

type Tone = 'info' | 'success' | 'danger' | 'warn';
const tones: Record<Tone, string> = {
  info: 'border-line-strong bg-surface-3 text-muted',
  success: 'border-success/30 bg-success/10 text-success',
  danger: 'border-danger/35 bg-danger/10 text-danger',
  warn: 'border-accent-2/35 bg-accent-2/10 text-accent-2',
};

export function StatusChip({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`inline-flex h-6 flex-none items-center rounded-full border px-2.5 text-xs font-bold whitespace-nowrap ${tones[tone]}`}>{children}</span>;
}

/**
 * A co-performer's answer: in the uploader's words for a creator (who answers themselves) and a release
 * (answered by review), and in the named creator's own words for `me`.
 */
export function performerStatusChip(status: PerformerStatus, who: 'creator' | 'release' | 'me') {
  switch (status) {
    case 'pending':
      return <StatusChip tone="warn">{{ creator: t('Waiting for them'), release: t('In review'), me: t('Waiting for your answer') }[who]}</StatusChip>;
    case 'approved':
      return <StatusChip tone="success">{who === 'me' ? t('You approved') : t('Approved')}</StatusChip>;
    case 'refused':
      return <StatusChip tone="danger">{{ creator: t('Declined'), release: t('Rejected'), me: t('You refused') }[who]}</StatusChip>;
    case 'withdrawn':
      return <StatusChip tone="danger">{who === 'me' ? t('You withdrew consent') : t('Withdrew consent')}</StatusChip>;
  }
}

export interface PerformerRowProps {
  /** A creator's account; null for a person without one (a release). */
  account: { name: string; slug: string | null; username?: string | null; avatar: string | null; color?: string | null } | null;
  name: string;
  status?: ReactNode;
  /** Why they declined, were rejected or withdrew. */
  reason?: string | null;
  action?: ReactNode;
  error?: string | null;
}

/** One person in a video: their picture (a shield for a release), name and handle, their answer, and what the uploader may do. */
export function PerformerRow({ account, name, status, reason, action, error }: PerformerRowProps) {
  return (
    <li className="flex flex-col gap-2 border-b border-line px-3.5 py-3 last:border-b-0">
      <div className="flex items-center gap-3">
        {account ? (
          <Avatar user={{ name: account.name, username: account.username ?? account.slug, avatar: account.avatar, color: account.color ?? null }} size="sm" />
        ) : (
          <span className="grid size-12 flex-none place-items-center rounded-full bg-surface-3 text-muted ring-2 ring-white/10">
            <ShieldIcon width="22" height="22" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{name}</p>
          <p className="truncate text-sm text-muted">{account ? (account.slug ? `@${account.slug}` : t('Flick creator')) : t('Release: no Flick account')}</p>
        </div>
        {action}
      </div>
      {(status || reason) && (
        <div className="flex flex-wrap items-center gap-2 pl-15">
          {status}
          {reason && <p className="min-w-0 text-sm break-words text-muted">“{reason}”</p>}
        </div>
      )}
      {error && (
        <p role="alert" className="pl-15 text-sm text-danger">
          {t(error)}
        </p>
      )}
    </li>
  );
}
