/** `srcset` from the sources: `"<url> 150w, <url> 300w"`. */
export function srcSetOf(sources: readonly { url: string; width: number }[]): string {
  return sources.map((s) => `${s.url} ${s.width}w`).join(', ');
}
