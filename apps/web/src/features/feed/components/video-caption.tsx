import type { Link as CreatorLink, Video } from '@flick/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { trackLinkClick } from '../../creators/api/track-link-click.ts';
import { t } from '../../../lib/i18n.ts';

/** viewer.md §9: tags shown per video before expand. */
export const TAGS_SHOWN = 5;

export interface VideoCaptionProps {
  video: Video;
  liveLink: CreatorLink | undefined;
  onOpenProfile: () => void;
}

/** Bottom-left of a video: the creator, the title, the tag chips and, when the creator is live, the live chip. */
export function VideoCaption({ video, liveLink, onOpenProfile }: VideoCaptionProps) {
  const [expanded, setExpanded] = useState(false);
  const tags = expanded ? video.tags : video.tags.slice(0, TAGS_SHOWN);
  const hidden = video.tags.length - tags.length;

  return (
    <div className="feed-caption">
      {liveLink && (
        <a
          href={liveLink.url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => trackLinkClick(liveLink, 'feed-chip')}
          className="mb-2.5 inline-flex max-w-full items-center gap-2 rounded-full bg-live/90 py-1 pr-3.5 pl-2.5 text-[0.8125rem] font-bold text-white shadow-float"
        >
          <span aria-hidden="true" className="size-2 flex-none animate-live-pulse rounded-full bg-white" />
          <span className="truncate">{t('LIVE now · {name}', { name: liveLink.name })}</span>
        </a>
      )}
      <button type="button" onClick={onOpenProfile} className="block max-w-full truncate text-left text-base font-bold">
        {video.user.slug ? `@${video.user.slug}` : video.user.name}
      </button>
      {video.title && <p className="mt-1 line-clamp-2 text-[0.9375rem] leading-snug text-white/90">{video.title}</p>}
      {video.tags.length > 0 && (
        <ul aria-label={t('Tags')} className="mt-2 flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li key={tag.id}>
              <Link to={`/tag/${tag.id}/feed`} className="feed-chip">
                #{tag.name}
              </Link>
            </li>
          ))}
          {hidden > 0 && (
            <li>
              <button type="button" className="feed-chip font-bold" onClick={() => setExpanded(true)}>
                {t('+{count} more', { count: hidden })}
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
