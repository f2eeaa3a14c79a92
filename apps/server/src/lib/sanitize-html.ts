import sanitize from 'sanitize-html';

const options: sanitize.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'em',
    'b',
    'i',
    'u',
    's',
    'blockquote',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], th: ['scope'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // External links leave the app in a new tab and learn nothing about where they came from.
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https?:\/\//i.test(href);
      const kept: sanitize.Attributes = external ? { href, target: '_blank', rel: 'noopener noreferrer nofollow' } : { href };
      return { tagName, attribs: kept };
    },
  },
};

/** Keeps the prose of static pages and drops anything that could run or restyle the app. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, options).trim();
}
