import { useLocation } from 'react-router';
import { useClientConfig } from '../../features/client-config/api/get-client-config.ts';
import { safeReturnTo } from '../../features/age-gate/api/age-gate-return.ts';
import { AgeGateScreen } from '../../features/age-gate/components/age-gate-screen.tsx';

/**
 * /age-check (ADR 0030): where any screen goes when the API answers 451, and where the age-assurance
 * provider sends the viewer back. Once the rule is met, the app starts again at `returnTo` (a full load:
 * the home page's first videos come with its HTML only once the gate is passed).
 */
export function AgeCheckRoute() {
  // Not useSearchParams: it would add to the router code every screen downloads first.
  const search = new URLSearchParams(useLocation().search);
  const returnTo = safeReturnTo(search.get('returnTo'));
  const { quickExitUrl } = useClientConfig();
  return <AgeGateScreen returnTo={returnTo} outcome={search.get('error')} exitUrl={quickExitUrl} onPassed={() => window.location.replace(returnTo)} />;
}
