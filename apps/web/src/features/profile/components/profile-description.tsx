import { useId, useState } from 'react';
import { useMediaQuery } from '../../../hooks/use-media-query.ts';
import { t } from '../../../lib/i18n.ts';

/** viewer.md §9: characters of the description shown before 'more', by viewport width. */
export const descriptionLimits = { narrow: 30, medium: 100, wide: 200 } as const;

/** viewer.md §2 "Description, collapsible": cut to the width's limit with a 'more' and 'less' toggle. */
export function ProfileDescription({ text }: { text: string | null | undefined }) {
  const atLeast500 = useMediaQuery('(min-width: 500px)');
  const atLeast900 = useMediaQuery('(min-width: 900px)');
  const [expanded, setExpanded] = useState(false);
  const id = useId();

  const full = text?.trim() ?? '';
  if (!full) return null;
  const limit = atLeast900 ? descriptionLimits.wide : atLeast500 ? descriptionLimits.medium : descriptionLimits.narrow;
  // By code point, so an emoji is never cut in half.
  const characters = Array.from(full);
  const truncated = characters.length > limit;

  return (
    <p id={id} className="text-[0.9375rem] leading-relaxed break-words whitespace-pre-line text-muted">
      {truncated && !expanded ? `${characters.slice(0, limit).join('').trimEnd()}…` : full}
      {truncated && (
        <>
          {' '}
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={id}
            className="font-semibold text-accent-soft hover:underline"
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? t('less') : t('more')}
          </button>
        </>
      )}
    </p>
  );
}
