import { useParams } from 'react-router';
import { Screen } from '../../components/layout/screen.tsx';
import { paths } from '../../config/paths.ts';
import { DataExport } from '../../features/personal-data/components/data-export.tsx';
import { DeleteAccount } from '../../features/personal-data/components/delete-account.tsx';

/** Settings "Download my data" (ADR 0031). */
export function AccountDataExportRoute() {
  return (
    <Screen title="Download my data" backTo={paths.accountSettings} description="A copy of everything we hold about you.">
      <DataExport />
    </Screen>
  );
}

/** The mailed link: the same screen, for that archive only. */
export function DataExportLinkRoute() {
  const { token } = useParams();
  return (
    <Screen title="Download my data" backTo={paths.accountSettings} description="Your archive, from the link we e-mailed you.">
      <DataExport token={token} />
    </Screen>
  );
}

/** Settings "Delete account" (ADR 0031). */
export function AccountDeleteRoute() {
  return (
    <Screen title="Delete account" backTo={paths.accountSettings} description="Deleting your account removes you from Flick. Read what goes and what stays.">
      <DeleteAccount />
    </Screen>
  );
}
