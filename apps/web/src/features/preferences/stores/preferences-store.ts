import { removeItem } from '../../../lib/storage.ts';

/**
 * viewer.md §3: the selected tags narrow the home feed (feed-preferences.ts reads and writes them).
 * The tab bar clears them, so this much is in the initial JavaScript and nothing more.
 */
export const SELECTED_TAGS = 'preferenceSelectedTags';

/** viewer.md §2: the Discover, Upload, Channels and Account tabs clear the selection. */
export function clearSelectedTags(): void {
  removeItem('local', SELECTED_TAGS);
}
