import { useId, useRef, type ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { t } from '../../../lib/i18n.ts';

/**
 * viewer.md §9 slides per view: creator and site carousels 3, 4 from 380 px, 6 from 600, 8 from 800,
 * 10 from 900; video sections 3, 4, 5 (from 600 and 900). The gap is 0.75rem.
 */
const perView = {
  creators:
    'auto-cols-[calc((100%-1.5rem)/3)] min-[380px]:auto-cols-[calc((100%-2.25rem)/4)] min-[600px]:auto-cols-[calc((100%-3.75rem)/6)] min-[800px]:auto-cols-[calc((100%-5.25rem)/8)] min-[900px]:auto-cols-[calc((100%-6.75rem)/10)]',
  videos: 'auto-cols-[calc((100%-1.5rem)/3)] min-[600px]:auto-cols-[calc((100%-2.25rem)/4)] min-[900px]:auto-cols-[calc((100%-3rem)/5)]',
} as const;

export interface CarouselProps {
  title: string;
  kind: keyof typeof perView;
  /** The slides, each an <li>. */
  children: ReactNode;
}

/** A titled row that scrolls sideways, snapping to slides; on a wide screen, arrows page it. */
export function Carousel({ title, kind, children }: CarouselProps) {
  const id = useId();
  const row = useRef<HTMLUListElement>(null);
  const page = (direction: 1 | -1) => row.current?.scrollBy({ left: direction * row.current.clientWidth * 0.9, behavior: 'smooth' });
  return (
    <section aria-labelledby={id} className="mt-7 first:mt-0">
      <div className="mb-3 flex items-center justify-between gap-3 px-1">
        <h2 id={id} className="text-lg font-bold tracking-tight">
          {title}
        </h2>
        <div className="hidden gap-1 sm:flex">
          <button type="button" className="icon-btn size-9 text-muted" aria-label={t('Scroll {title} back', { title })} onClick={() => page(-1)}>
            <ChevronLeftIcon width="20" height="20" />
          </button>
          <button type="button" className="icon-btn size-9 text-muted" aria-label={t('Scroll {title} on', { title })} onClick={() => page(1)}>
            <ChevronRightIcon width="20" height="20" />
          </button>
        </div>
      </div>
      <ul
        ref={row}
        aria-label={title}
        className={`grid snap-x snap-mandatory grid-flow-col gap-3 overflow-x-auto overscroll-x-contain px-1 pb-2 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden ${perView[kind]}`}
      >
        {children}
      </ul>
    </section>
  );
}
