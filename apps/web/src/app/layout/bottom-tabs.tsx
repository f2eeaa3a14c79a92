import { msg } from '@flick/i18n';
import type { ComponentType, MouseEvent, SVGProps } from 'react';
import { NavLink, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { clearSelectedTags } from '../../features/preferences/stores/preferences-store.ts';
import { browser } from '../../lib/browser.ts';
import { t } from '../../lib/i18n.ts';
import { ChannelsIcon, CompassIcon, HomeIcon, PlusIcon, UserIcon } from '../../components/ui/shell-icons.tsx';

interface Tab {
  label: string;
  to: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const tabs: readonly Tab[] = [
  { label: msg('Home'), to: paths.home, Icon: HomeIcon },
  { label: msg('Discover'), to: paths.discover, Icon: CompassIcon },
  { label: msg('Upload'), to: paths.upload, Icon: PlusIcon },
  { label: msg('Channels'), to: paths.channels, Icon: ChannelsIcon },
  { label: msg('Account'), to: paths.account, Icon: UserIcon },
];

/**
 * The main navigation: a bottom tab bar on phones, a left rail from 1024 px. viewer.md §2: Home
 * pressed on the home feed reloads it; the other tabs clear the stored tag selection.
 */
export function BottomTabs() {
  const { pathname } = useLocation();

  function onTabClick(event: MouseEvent<HTMLAnchorElement>, tab: Tab) {
    if (tab.to !== paths.home) {
      clearSelectedTags();
    } else if (pathname === paths.home) {
      event.preventDefault();
      browser.reload();
    }
  }

  return (
    <nav aria-label={t('Main')} className="app-nav">
      <ul className="app-nav-list">
        {tabs.map((tab) => (
          <li key={tab.to} className="flex">
            <NavLink to={tab.to} end={tab.to === paths.home} viewTransition onClick={(event) => onTabClick(event, tab)} className="tab-link">
              {tab.to === paths.upload ? (
                <span className="tab-upload">
                  <tab.Icon width="22" height="22" strokeWidth="2.5" />
                </span>
              ) : (
                <tab.Icon className="tab-icon" />
              )}
              {t(tab.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
