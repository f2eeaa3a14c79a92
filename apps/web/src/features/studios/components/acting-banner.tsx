import { useNavigate } from 'react-router';
import { queryClient } from '../../../lib/query-client.ts';
import { stopActing } from '../../session/stores/session-changes.ts';
import type { Acting } from '../../session/stores/session-changes.ts';
import { t } from '../../../lib/i18n.ts';

/** The studio console (ADR 0014): not in `paths`, which every screen downloads first. */
const STUDIO_CONSOLE = '/studio';

/**
 * While a studio manager acts for a member, every screen says so, with the way back to the console:
 * the profile, uploads and stats on screen are the member's.
 */
export function ActingBanner({ acting }: { acting: Acting }) {
  const navigate = useNavigate();

  function done() {
    queryClient.clear();
    stopActing();
    void navigate(STUDIO_CONSOLE);
  }

  return (
    <div role="status" className="acting-banner">
      <p className="min-w-0 truncate text-sm">
        {t('Managing')} <strong className="font-bold">{acting.name}</strong>
        {acting.studio && <span className="text-white/75"> {t('for {studio}', { studio: acting.studio })}</span>}
      </p>
      <button type="button" onClick={done} className="shrink-0 rounded-full bg-white px-3 py-1.5 text-sm font-bold text-ink">
        {t('Done')}
      </button>
    </div>
  );
}
