/**
 * VAST tags of outside ad servers (ADR 0016), read on our server so the browser talks only to us: the
 * first progressive MP4 of the linear creative, and the impression pixels. A Wrapper points to another
 * tag, followed a few times. Only what we need is read, with patterns rather than a full XML parser.
 */
import { fetchPublicText } from '../../lib/public-fetch.ts';

export interface VastAd {
  /** The MP4 to play (http or https). */
  media: string;
  /** The ad server's impression pixels, to fire when the ad is seen. */
  impressions: string[];
}

const MAX_WRAPPERS = 3;
const MAX_BYTES = 256 * 1024;
const TIMEOUT_MS = 2000;

const isHttp = (value: string) => /^https?:\/\/[^\s"'<>]+$/i.test(value);

/** The text of an element, CDATA or not, trimmed and with XML's five entities read. */
function textOf(inner: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(inner);
  const raw = cdata ? cdata[1]! : inner;
  return raw
    .trim()
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function elements(xml: string, name: string): { attributes: string; text: string }[] {
  const pattern = new RegExp(`<${name}(\\s[^>]*)?>([\\s\\S]*?)</${name}>`, 'gi');
  return [...xml.matchAll(pattern)].map((match) => ({ attributes: match[1] ?? '', text: textOf(match[2] ?? '') }));
}

/** What one VAST document says: its MP4 and pixels, or where the wrapped tag is. */
export function parseVast(xml: string): { media: string | null; impressions: string[]; wrapped: string | null } {
  const impressions = elements(xml, 'Impression')
    .map((element) => element.text)
    .filter(isHttp);
  const media =
    elements(xml, 'MediaFile').find(
      (element) => /type\s*=\s*["']video\/mp4["']/i.test(element.attributes) && !/delivery\s*=\s*["']streaming["']/i.test(element.attributes) && isHttp(element.text),
    )?.text ?? null;
  const wrapped = elements(xml, 'VASTAdTagURI')
    .map((element) => element.text)
    .find(isHttp);
  return { media, impressions, wrapped: wrapped ?? null };
}

/** Reads a tag's text: null for an error answer or one too large. */
export type TagReader = (url: string) => Promise<string | null>;

/** From outside parties only: public addresses, 2 s and 256 KiB a tag (`allowInternal` for tests). */
export const publicTagReader =
  (allowInternal = false): TagReader =>
  async (url) => {
    const answer = await fetchPublicText(url, { timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES, accept: 'application/xml, text/xml', maxRedirects: 3, allowInternal });
    return answer.ok ? answer.text : null;
  };

/**
 * Follows the tag (and up to three wrappers) to a playable MP4, gathering every level's impression
 * pixels; null when there is none, the server is slow (2 s a request) or the answer is too large.
 */
export async function resolveVast(url: string, readTag: TagReader = publicTagReader()): Promise<VastAd | null> {
  const impressions: string[] = [];
  let next: string | null = url;
  for (let level = 0; next && level <= MAX_WRAPPERS; level += 1) {
    if (!isHttp(next)) return null;
    const text = await readTag(next);
    if (text === null || text.length > MAX_BYTES) return null;
    const parsed = parseVast(text);
    impressions.push(...parsed.impressions);
    if (parsed.media) return { media: parsed.media, impressions };
    next = parsed.wrapped;
  }
  return null;
}
