import { liveCamsEventIds, type ClientConfig } from '@flick/contract';
import { useState, type ComponentType, type ReactNode, type SVGProps } from 'react';
import { Link } from 'react-router';
import { EyeOffIcon, ShieldIcon } from '../../components/ui/account-icons.tsx';
import { paths } from '../../config/paths.ts';
import { useIsAdmin } from '../../features/session/hooks/use-is-admin.ts';
import type { Session } from '../../features/session/stores/session-store.ts';
import type { Visitor } from '../../features/live-cams/api/track-live-cams-event.ts';
import { LiveCamsLink } from '../../features/live-cams/components/live-cams-link.tsx';
import { DiscretionSheet } from '../../features/preferences/components/discretion-options.tsx';
import {
  BroadcastIcon,
  ChannelsIcon,
  ChevronRightIcon,
  CloseIcon,
  CompassIcon,
  ExternalIcon,
  LogOutIcon,
  ReviewsIcon,
  StarIcon,
  UploadIcon,
  UserIcon,
} from '../../components/ui/icons.tsx';
import { DialogFrame } from '../../components/ui/dialog-frame.tsx';
import { t } from '../../lib/i18n.ts';
import { LanguagePicker } from './language-picker.tsx';
import { MenuFooter } from './menu-footer.tsx';
import { Wordmark } from '../../components/layout/wordmark.tsx';

export interface SideMenuProps {
  session: Session | null;
  config: ClientConfig;
  visitor: Visitor;
  onClose: () => void;
  /** A guest's "Rate videos" asks them to sign up first. */
  onGuestRateVideos: () => void;
  onLogOut: () => void;
}

type IconType = ComponentType<SVGProps<SVGSVGElement>>;

const itemClass =
  'flex min-h-12 w-full items-center gap-3.5 rounded-xl px-3 text-left text-[0.9375rem] font-semibold text-fg transition-colors hover:bg-surface-2 active:bg-surface-3';

function ItemContent({ Icon, label, trailing }: { Icon: IconType; label: string; trailing?: ReactNode }) {
  return (
    <>
      <Icon width="22" height="22" className="flex-none text-muted" />
      <span className="flex-1">{label}</span>
      {trailing}
    </>
  );
}

/** viewer.md §2: the main side menu, different for guests and logged-in people. */
export function SideMenu({ session, config, visitor, onClose, onGuestRateVideos, onLogOut }: SideMenuProps) {
  const isAdmin = useIsAdmin(session) === true;
  const [discretionOpen, setDiscretionOpen] = useState(false);

  const internal = (to: string, label: string, Icon: IconType) => (
    <li>
      <Link to={to} onClick={onClose} className={itemClass} viewTransition>
        <ItemContent Icon={Icon} label={label} trailing={<ChevronRightIcon width="18" height="18" className="text-subtle" />} />
      </Link>
    </li>
  );

  return (
    <DialogFrame
      onClose={onClose}
      layerClassName="fixed inset-0 z-50"
      backdropClassName="absolute inset-0 animate-fade-in bg-black/70 backdrop-blur-sm"
      label={t('Main menu')}
      className="relative flex h-full w-[min(86vw,22rem)] animate-drawer-in flex-col overflow-y-auto overscroll-contain border-r border-line-strong bg-surface-1 pt-safe shadow-float outline-none"
    >
      <div className="flex h-16 flex-none items-center justify-between pr-2 pl-5">
        <Wordmark />
        <button type="button" className="icon-btn text-muted" aria-label={t('Close menu')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>

      {!session && (
        <section className="mx-4 mt-1 mb-3 rounded-2xl border border-accent/25 bg-[radial-gradient(120%_140%_at_0%_0%,rgb(255_46_136/0.22),transparent_60%)] p-4">
          <p className="text-[0.9375rem] leading-snug font-semibold text-balance">{t('Are you a content creator? Promote your videos')}</p>
          <div className="mt-4 grid grid-cols-2 gap-2.5">
            <Link to={paths.register} onClick={onClose} className="btn btn-primary">
              {t('Get started')}
            </Link>
            <Link to={paths.login} onClick={onClose} className="btn btn-secondary">
              {t('Login')}
            </Link>
          </div>
        </section>
      )}

      <nav aria-label={t('Menu')} className="px-2 pb-4">
        <ul className="flex flex-col gap-0.5">
          {session && internal(paths.account, t('My account'), UserIcon)}
          {isAdmin && internal('/admin', t('Admin console'), ShieldIcon)}
          {session && internal(paths.upload, t('Upload video'), UploadIcon)}
          {internal(paths.discover, t('Discover'), CompassIcon)}
          {internal(paths.channels, t('Channels'), ChannelsIcon)}
          <li>
            <LiveCamsLink url={config.livecamsUrl} eventId={liveCamsEventIds.menuLiveCams} visitor={visitor} onClick={onClose} className={itemClass}>
              <ItemContent
                Icon={BroadcastIcon}
                label={t('Live Cams')}
                trailing={
                  <span aria-hidden="true" className="rounded-md bg-live-strong px-1.5 py-0.5 text-[0.625rem] font-extrabold tracking-wider text-white">
                    LIVE
                  </span>
                }
              />
            </LiveCamsLink>
          </li>
          {session ? (
            internal(paths.videosRating('unrated'), t('Rate videos'), StarIcon)
          ) : (
            <li>
              <button type="button" className={itemClass} onClick={onGuestRateVideos} aria-haspopup="dialog">
                <ItemContent Icon={StarIcon} label={t('Rate videos')} />
              </button>
            </li>
          )}
          {config.webcamReviewsUrl && (
            <li>
              <a href={config.webcamReviewsUrl} target="_blank" rel="noopener noreferrer" onClick={onClose} className={itemClass}>
                <ItemContent Icon={ReviewsIcon} label={t('Webcam Reviews')} trailing={<ExternalIcon width="16" height="16" className="text-subtle" />} />
              </a>
            </li>
          )}
          <li>
            <button type="button" className={itemClass} onClick={() => setDiscretionOpen(true)} aria-haspopup="dialog">
              <ItemContent Icon={EyeOffIcon} label={t('Discretion')} />
            </button>
          </li>
          <li>
            <LanguagePicker className={itemClass} />
          </li>
          {session && (
            <li className="mt-2 border-t border-line pt-2">
              <button type="button" className={`${itemClass} hover:text-danger`} onClick={onLogOut}>
                <ItemContent Icon={LogOutIcon} label={t('Log out')} />
              </button>
            </li>
          )}
        </ul>
      </nav>

      <MenuFooter socialUrl={config.socialUrl} onNavigate={onClose} />
      <DiscretionSheet open={discretionOpen} onClose={() => setDiscretionOpen(false)} />
    </DialogFrame>
  );
}
