import { useLocation } from 'react-router';
import { Screen } from '../../components/layout/screen.tsx';
import { DataExport } from '../../features/personal-data/components/data-export.tsx';
import { DeleteAccount } from '../../features/personal-data/components/delete-account.tsx';
import { t } from '../../lib/i18n.ts';

/** Settings "Download my data" (ADR 0031); the mailed link adds its token, for that archive only. */
export function AccountDataExportRoute() {
  // useLocation, not useSearchParams: a router hook used anywhere is part of the initial JavaScript.
  const token = new URLSearchParams(useLocation().search).get('token') ?? undefined;
  return (
    <Screen title={t('Download my data')} description={token ? t('Your archive, from the link we e-mailed you.') : t('A copy of everything we hold about you.')}>
      <DataExport token={token} />
    </Screen>
  );
}

/** Settings "Delete account" (ADR 0031). */
export function AccountDeleteRoute() {
  return (
    <Screen title={t('Delete account')} description={t('Deleting your account removes you from Flick. Read what goes and what stays.')}>
      <DeleteAccount />
    </Screen>
  );
}
