import type { Contest } from '@flick/contract';
import { useId, useMemo, useState } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { t } from '../../../lib/i18n.ts';

const EXCERPT_LENGTH = 120;

/** A contest's words without its markup, cut short for the list. The HTML is parsed inert: nothing in it runs or loads. */
export function excerptOf(html: string, length = EXCERPT_LENGTH): string {
  const { body } = new DOMParser().parseFromString(html, 'text/html');
  // Blocks and line breaks part words that the markup alone kept apart ("trip.</p><p>Post").
  for (const block of body.querySelectorAll('address,blockquote,br,dd,div,dt,h1,h2,h3,h4,h5,h6,li,p,pre,td,th')) block.after(' ');
  const text = (body.textContent ?? '').replace(/\s+/g, ' ').trim();
  const characters = Array.from(text);
  return characters.length > length ? `${characters.slice(0, length).join('').trimEnd()}…` : text;
}

/** viewer.md §2 "Contests list with a read-more modal"; nothing when there are none. */
export function Contests({ contests }: { contests: readonly Contest[] }) {
  const [reading, setReading] = useState<Contest | null>(null);
  const headingId = useId();
  if (contests.length === 0) return null;

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-bold tracking-tight">
        {t('Contests')}
      </h2>
      <ul className="mt-3 flex flex-col gap-2">
        {contests.map((contest) => (
          <ContestItem key={contest.id} contest={contest} onRead={() => setReading(contest)} />
        ))}
      </ul>
      <Modal open={reading !== null} onClose={() => setReading(null)} title={reading?.title ?? ''}>
        {/* Sanitized by the server (viewer.md §3 Contest), like a static page's HTML. */}
        <div className="prose-page mt-4 max-h-[60dvh] overflow-y-auto" dangerouslySetInnerHTML={{ __html: reading?.content ?? '' }} />
      </Modal>
    </section>
  );
}

function ContestItem({ contest, onRead }: { contest: Contest; onRead: () => void }) {
  const excerpt = useMemo(() => excerptOf(contest.content), [contest.content]);
  const titleId = useId();
  return (
    <li className="rounded-2xl border border-line bg-surface-2/60 px-4 py-3">
      <h3 id={titleId} className="font-semibold">
        {contest.title}
      </h3>
      {excerpt && <p className="mt-1 line-clamp-2 text-sm leading-relaxed text-muted">{excerpt}</p>}
      <button type="button" aria-describedby={titleId} className="mt-2 text-sm font-semibold text-accent-soft hover:underline" onClick={onRead}>
        {t('Read more')}
      </button>
    </li>
  );
}
