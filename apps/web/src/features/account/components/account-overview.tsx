import type { AccountType, ProfileUser, VerificationStatus } from '@flick/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ClockIcon, ShieldIcon } from '../../../components/ui/account-icons.tsx';
import { AlertIcon, CheckIcon, ChevronRightIcon, LogOutIcon, MailIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

/** The studio console (ADR 0014) and the admin console (ADR 0015): not in `paths`, which every screen downloads first. */
const STUDIO_CONSOLE = '/studio';
const ADMIN_CONSOLE = '/admin';

export const accountTypeLabels: Record<AccountType, string> = { user: msg('Viewer'), model: msg('Model'), channel: msg('Channel') };

const verificationCopy: Record<VerificationStatus, { label: string; text: string; tone: Tone }> = {
  none: { label: msg('Not submitted'), text: msg('Verify your identity to publish videos.'), tone: 'warn' },
  pending: { label: msg('In review'), text: msg('We are reviewing your documents.'), tone: 'info' },
  rejected: { label: msg('Rejected'), text: msg('Your documents were not accepted. Please send them again.'), tone: 'danger' },
  approved: { label: msg('Approved'), text: msg('Your identity is verified.'), tone: 'success' },
};

export type Tone = 'success' | 'warn' | 'danger' | 'info';
const toneClass: Record<Tone, string> = {
  success: 'border-success/30 bg-success/10 text-success',
  warn: 'border-accent-2/35 bg-accent-2/10 text-accent-2',
  danger: 'border-danger/35 bg-danger/10 text-danger',
  info: 'border-line-strong bg-surface-3 text-muted',
};

export function Chip({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`inline-flex h-6 flex-none items-center rounded-full border px-2.5 text-xs font-bold ${toneClass[tone]}`}>{children}</span>;
}

function Row({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-3.5 border-b border-line px-4 py-4 last:border-b-0 sm:px-5">
      <span className="grid size-10 flex-none place-items-center rounded-xl bg-surface-3 text-muted">{icon}</span>
      <div className="min-w-0 flex-1">
        <h2 className="text-xs font-bold tracking-[0.12em] text-subtle uppercase">{title}</h2>
        <div className="mt-1">{children}</div>
      </div>
    </div>
  );
}

export interface AccountOverviewProps {
  user: ProfileUser;
  onLogOut: () => void;
  loggingOut: boolean;
  /** The verification e-mail offer under an unverified address, supplied by the screen. */
  emailAction?: ReactNode;
}

/** accounts.md §2 "/account", under the profile: the state of the e-mail and of the identity, and log out. */
export function AccountOverview({ user, onLogOut, loggingOut, emailAction }: AccountOverviewProps) {
  const creator = user.type !== 'user';
  const verification = verificationCopy[user.isVerified];

  return (
    <div className="flex flex-col gap-5">
      <div className="panel overflow-hidden">
        <Row icon={<MailIcon width="20" height="20" />} title={t('Email')}>
          <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1.5">
            <span className="min-w-0 font-semibold break-all">{user.email}</span>
            {user.emailVerified ? (
              <Chip tone="success">
                <CheckIcon width="13" height="13" strokeWidth="3" className="-ml-0.5 mr-1" />
                {t('Verified')}
              </Chip>
            ) : (
              <Chip tone="warn">{t('Not verified')}</Chip>
            )}
          </div>
          {!user.emailVerified && emailAction}
        </Row>
        {creator && (
          <Row icon={<ShieldIcon width="20" height="20" />} title={t('Identity verification')}>
            <div className="flex flex-wrap items-center gap-2.5">
              <Chip tone={verification.tone}>
                {user.isVerified === 'pending' && <ClockIcon width="13" height="13" strokeWidth="2.5" className="-ml-0.5 mr-1" />}
                {user.isVerified === 'rejected' && <AlertIcon width="13" height="13" strokeWidth="2.5" className="-ml-0.5 mr-1" />}
                {t(verification.label)}
              </Chip>
            </div>
            <p className="mt-1.5 text-sm leading-relaxed text-muted">{t(verification.text)}</p>
            {user.isVerified !== 'approved' && (
              <Link
                to={paths.accountSetting('validation')}
                className="mt-1 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-accent-soft hover:underline"
              >
                {user.isVerified === 'pending' ? t('See verification status') : t('Verify your identity')}
                <ChevronRightIcon width="16" height="16" />
              </Link>
            )}
          </Row>
        )}
      </div>

      {user.managesStudio && (
        <Link to={STUDIO_CONSOLE} className="panel flex items-center gap-3.5 px-4 py-4 transition-colors hover:bg-surface-2 sm:px-5">
          <span className="grid size-10 flex-none place-items-center rounded-xl bg-brand text-white">
            <ShieldIcon width="20" height="20" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-bold">{t('Studio console')}</span>
            <span className="block truncate text-sm text-muted">
              {t('{studio}: your creators, their numbers, and managing them', { studio: user.managesStudio.name })}
            </span>
          </span>
          <ChevronRightIcon width="18" height="18" className="flex-none text-muted" />
        </Link>
      )}

      {user.isAdmin && (
        <Link to={ADMIN_CONSOLE} className="panel flex items-center gap-3.5 px-4 py-4 transition-colors hover:bg-surface-2 sm:px-5">
          <span className="grid size-10 flex-none place-items-center rounded-xl bg-surface-3 text-fg">
            <ShieldIcon width="20" height="20" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-bold">{t('Admin console')}</span>
            <span className="block truncate text-sm text-muted">{t('Verifications, moderation, reports, people and content')}</span>
          </span>
          <ChevronRightIcon width="18" height="18" className="flex-none text-muted" />
        </Link>
      )}

      <div className="grid">
        <button type="button" className="btn btn-secondary h-12 hover:text-danger" onClick={onLogOut} disabled={loggingOut} aria-busy={loggingOut || undefined}>
          <LogOutIcon width="20" height="20" />
          {t('Log out')}
        </button>
      </div>
    </div>
  );
}
