import type { Link } from '@flick/contract';
import { linkIcon } from './link-site.ts';

/** A row of user_links as the statements read it. */
export interface LinkRow {
  id: number;
  url: string;
  name: string;
  site: string;
  isLive: boolean;
  isImportant: boolean;
}

/** viewer.md §3 Link as the API shows it: the site becomes the icon key. */
export function toLink({ site, ...link }: LinkRow): Link {
  return { ...link, icon: linkIcon(site) };
}
