import { GRID_PAGE_SIZE } from '@flick/contract';
import { msg } from '@flick/i18n';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useVideoList } from '../../videos/api/get-video-list.ts';
import { VideoGrid } from '../../videos/components/video-grid.tsx';
import { t } from '../../../lib/i18n.ts';

/** GET /users/{id or slug}/appearances: published videos of other creators this one approved appearing in. */
export const appearancesPath = (slug: string) => `/users/${encodeURIComponent(slug)}/appearances?per_page=${GRID_PAGE_SIZE}`;

/** The appearances grid's query key, beside the creator's own ('user-videos'). */
export const appearancesListKey = (slug: string) => ['user-appearances', slug];

type Tab = 'videos' | 'appears-in';
const tabs: { id: Tab; label: string }[] = [
  { id: 'videos', label: msg('Videos') },
  { id: 'appears-in', label: msg('Appears in') },
];

export interface AppearsInTabsProps {
  slug: string;
  name: string;
  /** The profile answer's count of appearances (GET /v1/users/{id or slug}): the tabs show when it is above 0. */
  appearances: number;
  /** The creator's own grid: it stays mounted in the same place whichever tab is shown, so it never loads twice. */
  children: ReactNode;
}

/** The appearances grid, mounted once its tab is first opened: only then is the list asked for. */
function AppearancesGrid({ slug, name }: { slug: string; name: string }) {
  const list = useVideoList(appearancesListKey(slug), appearancesPath(slug));
  return (
    <VideoGrid
      label={t('Videos {name} appears in', { name })}
      list={list}
      feedPathOf={(video) => `/video/${video.id}`}
      empty={<p className="panel px-6 py-10 text-center text-muted">{t('No videos yet.')}</p>}
    />
  );
}

/**
 * A creator's videos on their profile, and, when the profile answer counts any (ADR 0029), "Appears in":
 * the published videos of other creators they approved appearing in, as a second tab. Without
 * appearances it is the plain "Videos" heading and grid, with no call of its own. The appearances are
 * asked for when their tab is first opened, and both grids stay mounted (hidden) after that.
 */
export function AppearsInTabs({ slug, name, appearances, children }: AppearsInTabsProps) {
  const id = useId();
  const [tab, setTab] = useState<Tab>('videos');
  const [opened, setOpened] = useState(false);
  const buttons = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const tabbed = appearances > 0;
  const tabId = (item: Tab) => `${id}-${item}-tab`;
  const panelId = (item: Tab) => `${id}-${item}-panel`;

  const select = (item: Tab) => {
    setTab(item);
    if (item === 'appears-in') setOpened(true);
  };
  // The tablist pattern: arrows, Home and End move between the tabs and show the one reached.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = tabs.findIndex((item) => item.id === tab);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length]!.id;
    select(next);
    buttons.current[next]?.focus();
  };

  // The same elements in the same places with or without tabs: the creator's grid is never re-mounted.
  return (
    <section aria-labelledby={tabbed ? undefined : `${id}-heading`} aria-label={tabbed ? t("{name}'s videos", { name }) : undefined}>
      {tabbed ? (
        <div role="tablist" aria-label={t('Videos')} className="mb-4 flex gap-2">
          {tabs.map((item) => {
            const selected = item.id === tab;
            return (
              <button
                key={item.id}
                ref={(button) => {
                  buttons.current[item.id] = button;
                }}
                type="button"
                role="tab"
                id={tabId(item.id)}
                aria-selected={selected}
                aria-controls={panelId(item.id)}
                tabIndex={selected ? 0 : -1}
                onClick={() => select(item.id)}
                onKeyDown={onKeyDown}
                className={`inline-flex h-10 items-center rounded-full border px-4 text-sm font-bold transition-colors ${
                  selected ? 'border-transparent bg-fg text-ink' : 'border-line-strong bg-surface-1 text-muted hover:bg-surface-2 hover:text-fg'
                }`}
              >
                {t(item.label)}
              </button>
            );
          })}
        </div>
      ) : (
        <h2 id={`${id}-heading`} className="mb-4 text-xl font-extrabold tracking-tight">
          {t('Videos')}
        </h2>
      )}
      <div role={tabbed ? 'tabpanel' : undefined} id={panelId('videos')} aria-labelledby={tabbed ? tabId('videos') : undefined} hidden={tabbed && tab !== 'videos'}>
        {children}
      </div>
      {tabbed && (
        <div role="tabpanel" id={panelId('appears-in')} aria-labelledby={tabId('appears-in')} hidden={tab !== 'appears-in'}>
          {opened && <AppearancesGrid slug={slug} name={name} />}
        </div>
      )}
    </section>
  );
}
