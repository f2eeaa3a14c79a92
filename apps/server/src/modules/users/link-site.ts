/** A link's site: its host without `www.`, lowercase (`chaturbate.com`); null when the URL has no host. */
export function linkSite(url: string): string | null {
  try {
    const withScheme = /^https?:\/\//i.test(url) ? url : `https://${url}`;
    const host = new URL(withScheme).hostname.toLowerCase().replace(/^www\./, '');
    return host.includes('.') ? host : null;
  } catch {
    return null;
  }
}

/** The icon key the web app draws for a site: its first label (`chaturbate.com` -> `chaturbate`). */
export function linkIcon(site: string): string | null {
  const label = site.split('.')[0] ?? '';
  return /^[a-z0-9-]{2,}$/.test(label) ? label : null;
}

/** A readable name for a link when the creator gave none: the site with its first letter upper-case. */
export function linkName(site: string): string {
  const label = site.split('.')[0] ?? site;
  return label.charAt(0).toUpperCase() + label.slice(1);
}
