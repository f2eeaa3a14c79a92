import { readItem, writeItem } from '../../../lib/storage.ts';

/** The two feed hints (viewer.md §2) show until the viewer has done what they say, once per browser. */
export type FeedHint = 'swipeUp' | 'swipeLeft';

const key = (hint: FeedHint) => `feedHint.${hint}`;

export function hintSeen(hint: FeedHint): boolean {
  return readItem('local', key(hint)) === '1';
}

export function markHintSeen(hint: FeedHint): void {
  writeItem('local', key(hint), '1');
}
