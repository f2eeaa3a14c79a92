import { useLocation } from 'react-router';
import { Screen } from '../../components/layout/screen.tsx';
import { RemovalRequestForm } from '../../features/support/components/removal-request-form.tsx';
import { t } from '../../lib/i18n.ts';

/** /removal-request (ADR 0015; linked from the DMCA and 2257 pages and from Support); ?video= pre-fills the address. */
export function RemovalRequestRoute() {
  // Not useSearchParams: it would add to the router code every screen downloads first.
  const video = new URLSearchParams(useLocation().search).get('video') ?? '';
  return (
    <Screen
      title={t('Ask for a video to be removed')}
      description={t(
        'If you appear in a video without your consent, or it uses content you own, tell us. Removal requests are reviewed first, within 7 business days at the latest.',
      )}
    >
      <div className="panel p-5 sm:p-7">
        <RemovalRequestForm initialUrl={video} />
      </div>
    </Screen>
  );
}
