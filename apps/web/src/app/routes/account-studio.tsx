import { studioMessages } from '@flick/contract';
import { Navigate, useLocation } from 'react-router';
import { Screen } from '../../components/layout/screen.tsx';
import { paths } from '../../config/paths.ts';
import { ProfileGate } from '../../features/account/components/profile-gate.tsx';
import { StudioConsole } from '../../features/studios/components/studio-console.tsx';
import { StudioMembership } from '../../features/studios/components/studio-membership.tsx';
import { t } from '../../lib/i18n.ts';

/**
 * accounts.md §2 /account/settings/studio and /join-studio (the same screen; ?key= pre-fills the key):
 * for creators and channels, whom a studio may manage; a viewer goes back to settings.
 */
export function AccountStudioRoute() {
  // Not useSearchParams: it would add to the router code every screen downloads first.
  const key = new URLSearchParams(useLocation().search).get('key') ?? '';
  return (
    <ProfileGate>
      {(user) =>
        user.type === 'user' ? (
          <Navigate to={paths.accountSettings} replace />
        ) : (
          <Screen title={t(studioMessages.title)}>
            <StudioMembership initialKey={key} />
          </Screen>
        )
      }
    </ProfileGate>
  );
}

/** /studio (ADR 0014): the console of the studio the signed-in account manages. */
export function StudioConsoleRoute() {
  return (
    <ProfileGate>
      {(user) => (
        <Screen
          title={user.managesStudio?.name ?? t('Studio')}
          eyebrow={<p className="text-xs font-bold tracking-[0.12em] text-subtle uppercase">{t('Studio console')}</p>}
          width="wide"
        >
          <StudioConsole />
        </Screen>
      )}
    </ProfileGate>
  );
}
