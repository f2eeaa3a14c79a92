import { GRID_PAGE_SIZE } from '@flick/contract';
import { useId, useState, type ReactNode } from 'react';
import { useVideoList } from '../../videos/api/get-video-list.ts';
import { VideoGrid } from '../../videos/components/video-grid.tsx';

/** GET /users/{id or slug}/appearances: published videos of other creators this one approved appearing in. */
export const appearancesPath = (slug: string) => `/users/${encodeURIComponent(slug)}/appearances?per_page=${GRID_PAGE_SIZE}`;

type Tab = 'videos' | 'appears-in';

export interface AppearsInTabsProps {
  slug: string;
  name: string;
  /** The creator's own grid; `tabbed` says the tabs stand in for its heading. */
  children: (tabbed: boolean) => ReactNode;
}

/**
 * ADR 0029 on a creator's profile: beside their own videos, "Appears in" lists the published videos of
 * other creators they approved appearing in. A creator who appears in none keeps the plain grid.
 */
export function AppearsInTabs({ slug, name, children }: AppearsInTabsProps) {
  const id = useId();
  const [tab, setTab] = useState<Tab>('videos');
  const list = useVideoList(['appearances', slug], appearancesPath(slug));
  if (list.videos.length === 0) return children(false);

  const tabs: { id: Tab; label: string }[] = [
    { id: 'videos', label: 'Videos' },
    { id: 'appears-in', label: 'Appears in' },
  ];
  return (
    <section aria-label={`${name}'s videos`}>
      <div role="tablist" aria-label="Videos" className="mb-4 flex gap-2">
        {tabs.map((item) => {
          const selected = item.id === tab;
          return (
            <button
              key={item.id}
              type="button"
              role="tab"
              id={`${id}-${item.id}-tab`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              onClick={() => setTab(item.id)}
              className={`inline-flex h-10 items-center rounded-full border px-4 text-sm font-bold transition-colors ${
                selected ? 'border-transparent bg-fg text-ink' : 'border-line-strong bg-surface-1 text-muted hover:bg-surface-2 hover:text-fg'
              }`}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}-tab`}>
        {tab === 'videos' ? (
          children(true)
        ) : (
          <VideoGrid
            label={`Videos ${name} appears in`}
            list={list}
            feedPathOf={(video) => `/video/${video.id}`}
            empty={<p className="panel px-6 py-10 text-center text-muted">No videos yet.</p>}
          />
        )}
      </div>
    </section>
  );
}
