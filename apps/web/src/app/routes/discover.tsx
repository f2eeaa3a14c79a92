import { DiscoverScreen } from '../../features/discover/components/discover-screen.tsx';

/** viewer.md §2 /discover, a bottom tab. */
export function DiscoverRoute() {
  return <DiscoverScreen />;
}
