import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { videoListQueryOptions } from '../../videos/api/get-video-list.ts';
import type { VideoPage } from '../../videos/api/video-page.ts';
import { preloadFirstRow } from '../../videos/preload-first-row.ts';

/*
 * A grid screen's first page, asked for before the screen renders (a creator's profile, a tag's grid,
 * the rating lists: ADR 0022, "name and first row of pictures"), and its first row of pictures asked for
 * as soon as that page is here, before React has drawn the tiles that show them.
 */

export { FIRST_ROW_TILES, preloadFirstRow } from '../../videos/preload-first-row.ts';

/**
 * Asks for a grid's first page (the query the screen's useVideoList reads: `key` and `firstPath` as
 * it passes them) without waiting for it, and preloads its first row of pictures once it is here.
 */
export function prefetchGrid(client: QueryClient, key: readonly unknown[], firstPath: string): void {
  const options = videoListQueryOptions(key, firstPath);
  void client
    .prefetchInfiniteQuery(options)
    .then(() => {
      const data = client.getQueryData<InfiniteData<VideoPage>>(options.queryKey);
      preloadFirstRow(data?.pages[0]?.videos ?? []);
    })
    .catch(() => undefined);
}
