import { Screen } from '../../components/layout/screen.tsx';
import { ProfileGate } from '../../features/account/components/profile-gate.tsx';
import { SettingsList } from '../../features/account/components/settings-list.tsx';
import { DiscretionOptions } from '../../features/preferences/components/discretion-options.tsx';
import { t } from '../../lib/i18n.ts';

/** accounts.md §2 "/account/settings": the entries of this account type. */
export function AccountSettingsRoute() {
  return (
    <ProfileGate>
      {(user) => (
        <Screen title={t('Settings')}>
          <SettingsList user={user} />
          <section aria-labelledby="settings-discretion" className="mt-8">
            <h2 id="settings-discretion" className="text-lg font-extrabold tracking-tight">
              {t('Discretion')}
            </h2>
            <p className="mt-1 text-sm text-muted">{t('Kept on this device only.')}</p>
            <div className="panel mt-3 px-4 py-2 sm:px-5">
              <DiscretionOptions />
            </div>
          </section>
        </Screen>
      )}
    </ProfileGate>
  );
}
