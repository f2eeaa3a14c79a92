import type { HTMLAttributes } from 'react';

/** The hue a site's initial is drawn on: the same for the same key on every screen. */
export const siteHue = (key: string) => [...key].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 360, 0);

interface SiteMarkProps extends Omit<HTMLAttributes<HTMLElement>, 'className' | 'style' | 'children'> {
  name: string;
  /** What the hue is worked out from: the site's slug or icon key. */
  hueKey: string;
  /** The site's icon, served by us; without one its initial is drawn. */
  imageUrl?: string | null;
  /** Size, corner radius and text size: each screen draws the mark at its own. */
  className: string;
}

/** A webcam or social site's mark (Discover, a creator's links, the admin console): its icon, or its initial on a hue of its own. */
export function SiteMark({ name, hueKey, imageUrl, className, ...attributes }: SiteMarkProps) {
  if (imageUrl) return <img src={imageUrl} alt="" loading="lazy" decoding="async" className={`${className} bg-surface-2 object-contain ring-1 ring-line`} />;
  return (
    <span
      aria-hidden="true"
      {...attributes}
      className={`${className} grid place-items-center font-extrabold text-white ring-1 ring-white/10`}
      style={{ backgroundColor: `hsl(${siteHue(hueKey)} 62% 44%)` }}
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
