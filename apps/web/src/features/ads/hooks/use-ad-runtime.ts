import { useEffect, useState } from 'react';
import { useClientConfig } from '../../client-config/api/get-client-config.ts';
import { useIsAdmin } from '../../session/hooks/use-is-admin.ts';
import { useSession } from '../../session/hooks/use-session.ts';
import { loadAds } from '../ads-loader.ts';
import type { AdRuntime } from '../runtime/flick-ads.ts';

/**
 * The ad control script once it has loaded, or null: never with the no-ads flag (the deployment's ADS
 * setting, or an admin's account), and never before the page has loaded (loadAds).
 */
export function useAdRuntime(): AdRuntime | null {
  const config = useClientConfig();
  // Whether the account is an admin is asked only where ads are on at all.
  const isAdmin = useIsAdmin(useSession(), { enabled: config.ads });
  const enabled = config.ads && isAdmin === false;
  const [runtime, setRuntime] = useState<AdRuntime | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void loadAds().then((loaded) => {
      if (live) setRuntime(loaded);
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return enabled ? runtime : null;
}
