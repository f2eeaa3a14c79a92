import { adminMessages } from '@flick/contract';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

export type BadgeTone = 'neutral' | 'success' | 'warn' | 'danger';
const badgeTones: Record<BadgeTone, string> = {
  neutral: 'border-line-strong bg-surface-3 text-muted',
  success: 'border-success/30 bg-success/10 text-success',
  warn: 'border-accent-2/35 bg-accent-2/10 text-accent-2',
  danger: 'border-danger/35 bg-danger/10 text-danger',
};

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`inline-flex h-6 flex-none items-center rounded-full border px-2.5 text-xs font-bold whitespace-nowrap ${badgeTones[tone]}`}>{children}</span>;
}

const verificationBadges: Record<string, [BadgeTone, string, string]> = {
  approved: ['success', msg('Verified'), msg('Approved')],
  pending: ['warn', msg('Verification pending'), msg('Pending')],
  rejected: ['danger', msg('Verification rejected'), msg('Rejected')],
};

/** An account's identity verification, as a badge; `short` where a label already says "Verification". */
export function VerificationBadge({ status, short = false }: { status: string; short?: boolean }) {
  const [tone, label, shortLabel] = verificationBadges[status] ?? ['neutral', msg('Not verified'), msg('None')];
  return <Badge tone={tone}>{t(short ? shortLabel : label)}</Badge>;
}

/**
 * Keeps the active item of a row that scrolls sideways (on a phone) in view, as scrollIntoView({ inline:
 * 'nearest' }) would, but scrolling only the row: never the page, whose place Back restores. Again when
 * `counts` change, as they widen the items. The row's `motion-safe:scroll-smooth` makes it glide, except
 * under reduced motion.
 */
export function useActiveInView(active: string | null, counts: (number | undefined)[]) {
  const rowRef = useRef<HTMLElement>(null);
  const activeRef = useRef<HTMLAnchorElement>(null);
  const widths = counts.join();
  useEffect(() => {
    const row = rowRef.current;
    const item = activeRef.current;
    if (!row || !item) return;
    // In view means inside the row's padding, where the first item sits before any scrolling.
    const inset = parseFloat(getComputedStyle(row).paddingInlineStart) || 0;
    const rowBox = row.getBoundingClientRect();
    const itemBox = item.getBoundingClientRect();
    const hiddenBefore = rowBox.left + inset - itemBox.left;
    const hiddenAfter = itemBox.right - (rowBox.right - inset);
    if (hiddenBefore > 0) row.scrollLeft -= hiddenBefore;
    else if (hiddenAfter > 0) row.scrollLeft += Math.min(hiddenAfter, -hiddenBefore);
  }, [active, widths]);
  return { rowRef, activeRef };
}

export interface TabItem {
  to: string;
  label: string;
  count?: number;
}

/** Links that switch between the lists of one section (queues, states, kinds of content). */
export function Tabs({ label, items, current }: { label: string; items: TabItem[]; current: string }) {
  const { rowRef, activeRef } = useActiveInView(
    current,
    items.map((item) => item.count),
  );
  return (
    <nav ref={rowRef} aria-label={label} className="-mx-1 mb-5 overflow-x-auto px-1 motion-safe:scroll-smooth lg:overflow-visible">
      <ul className="flex w-max gap-2 lg:w-auto lg:flex-wrap">
        {items.map((item) => {
          const active = item.to === current;
          return (
            <li key={item.to}>
              <Link
                ref={active ? activeRef : undefined}
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={`inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors ${
                  active ? 'border-transparent bg-fg text-ink' : 'border-line-strong bg-surface-1 text-muted hover:bg-surface-2 hover:text-fg'
                }`}
              >
                {item.label}
                {item.count !== undefined && item.count > 0 && <span className="tabular-nums opacity-80">{formatNumber(item.count)}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** One fact of a card (a count, a date, a setting) under its small label; `wrap` for a text that may run long. */
export function Fact({ label, wrap = false, children }: { label: string; wrap?: boolean; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] font-bold tracking-[0.08em] text-subtle uppercase">{label}</dt>
      <dd className={`mt-0.5 text-sm tabular-nums ${wrap ? 'break-words' : 'truncate'}`}>{children}</dd>
    </div>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div className="grid place-items-center py-16">
      <Spinner label={label} />
    </div>
  );
}

/** A list that did not load: the server's message (403: the account is no admin any more) and Try again. */
export function Failed({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 403) return <Empty>{t(adminMessages.forAdmins)}</Empty>;
  const message = error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : t('{what} could not load.', { what });
  return <LoadFailed message={message} onRetry={onRetry} />;
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="panel p-5 text-sm leading-relaxed text-muted">{children}</p>;
}

/** The message a failed admin call carries, for a toast or an alert. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : msg('Something went wrong, try again.');
}

/**
 * A secret shown this once (a studio's join key, a site's push secret): the server keeps only what
 * checks it, so the admin copies it now. `what` names it in the copy button and the messages.
 */
export function ShownOnceDialog({
  title,
  description,
  what,
  value,
  onClose,
}: {
  title: string;
  description: string;
  what: 'key' | 'secret';
  value: string;
  onClose: () => void;
}) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast(what === 'key' ? msg('Key copied.') : msg('Secret copied.'));
    } catch {
      toast(what === 'key' ? msg('Copying is not allowed here: select the key and copy it.') : msg('Copying is not allowed here: select the secret and copy it.'), {
        tone: 'error',
      });
    }
  }
  return (
    <Modal open onClose={onClose} title={title} description={description}>
      <div className="mt-5 flex flex-col gap-3">
        <input
          readOnly
          value={value}
          aria-label={what === 'key' ? t('Studio key') : t('Push secret')}
          className="field font-mono text-sm"
          onFocus={(event) => event.target.select()}
        />
        <div className="grid grid-cols-2 gap-3">
          <button type="button" className="btn btn-primary" onClick={() => void copy()}>
            {what === 'key' ? t('Copy key') : t('Copy secret')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('Done')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
