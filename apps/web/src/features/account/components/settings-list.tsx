import type { ProfileUser } from '@flick/contract';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { DownloadIcon, GlobeIcon, LockIcon, PaletteIcon, SexIcon, ShieldIcon, StudioIcon, TrashIcon } from '../../../components/ui/account-icons.tsx';
import { ChevronRightIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { settingsEntries, type SettingsEntryId } from './settings-entries.ts';
import { t } from '../../../lib/i18n.ts';

const icons: Record<SettingsEntryId, ComponentType<SVGProps<SVGSVGElement>>> = {
  details: UserIcon,
  gender: SexIcon,
  password: LockIcon,
  'channel-color': PaletteIcon,
  studio: StudioIcon,
  'geo-blocking': GlobeIcon,
  validation: ShieldIcon,
  'data-export': DownloadIcon,
  'delete-account': TrashIcon,
};

/** The settings entries of this account, each a row leading to its screen. */
export function SettingsList({ user }: { user: ProfileUser }) {
  const entries = settingsEntries(user);
  return (
    <nav aria-label={t('Settings')}>
      <ul className="panel overflow-hidden">
        {entries.map((entry) => {
          const Icon = icons[entry.id];
          const attention = entry.id === 'validation';
          return (
            <li key={entry.id} className="border-b border-line last:border-b-0">
              <Link
                to={paths.accountSetting(entry.id)}
                viewTransition
                className="flex min-h-[4.25rem] items-center gap-4 px-4 py-3 transition-colors hover:bg-surface-2 active:bg-surface-3 sm:px-5"
                aria-describedby={`setting-${entry.id}`}
              >
                <span className={`grid size-10 flex-none place-items-center rounded-xl ${attention ? 'bg-brand text-white shadow-glow' : 'bg-surface-3 text-fg'}`}>
                  <Icon width="20" height="20" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-[0.9375rem] font-semibold">{t(entry.label)}</span>
                  <span id={`setting-${entry.id}`} aria-hidden="true" className="mt-0.5 block truncate text-sm text-muted">
                    {t(entry.description)}
                  </span>
                </span>
                <ChevronRightIcon width="18" height="18" className="flex-none text-subtle" />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
