/**
 * Every country flag of the flag-icons package as a file of our own build (never an outside flag
 * service). Loaded apart from the screen (country-flag.tsx): the map of URLs stays out of the account
 * chunk, and each image is fetched only when its entry shows. Globbed through the package's name
 * (apps/web/flag-icons-alias.ts), wherever npm put it.
 */
const flagFiles = import.meta.glob<string>('flag-icons/flags/4x3/??.svg', {
  eager: true,
  // Small SVGs would otherwise be inlined into the chunk as data URLs.
  query: '?no-inline',
  import: 'default',
});

const flagUrls = new Map(
  // Each key is the file's path, ending in its code: …/4x3/de.svg.
  Object.entries(flagFiles).map(([file, url]) => [file.slice(-'de.svg'.length, -'.svg'.length).toUpperCase(), url]),
);

/** The flag of an ISO 3166-1 alpha-2 code, when the package has one. */
export const flagUrl = (countryCode: string): string | undefined => flagUrls.get(countryCode.toUpperCase());

/** The flag in the frame country-flag.tsx draws; nothing for a code without one. */
export default function FlagImage({ code, className }: { code: string; className: string }) {
  const url = flagUrl(code);
  return url ? <img src={url} alt="" width={32} height={24} decoding="async" className={`${className} object-cover`} /> : null;
}
