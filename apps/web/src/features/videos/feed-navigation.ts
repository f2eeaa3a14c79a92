import type { Video } from '@flick/contract';

/** viewer.md §2: a feed screen's navigation state. `startNext` (ours) is where a carried list continues. */
export interface FeedNavigationState {
  startVideoList?: Video[];
  startVideoIndex?: number;
  startPage?: number;
  startNext?: string | null;
}
