import { Screen } from '../../components/layout/screen.tsx';
import { HelpEntries } from '../../features/account/components/help-entries.tsx';
import { t } from '../../lib/i18n.ts';

/** accounts.md §2 /account/help, behind the login guard: where a creator gets help. */
export function AccountHelpRoute() {
  return (
    <Screen title={t('Help')} description={t("Questions about your profile, uploads or payouts? We're here.")}>
      <HelpEntries />
    </Screen>
  );
}
