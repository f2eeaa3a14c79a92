/** Where the gate sends the viewer back: a path of this app, never another site, never the gate itself. */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !/^\/(?![/\\])[^\0\s]*$/.test(value) || value.length > 512 || value.startsWith('/age-check')) return '/';
  return value;
}
