/**
 * Where the API client finds the bearer token. The app wires the session store in at start, so
 * `lib/` stays free of feature code (and this tiny module keeps the API client out of the initial JS).
 */
let source: () => string | null = () => null;

export function setAccessTokenSource(next: () => string | null): void {
  source = next;
}

export function getAccessToken(): string | null {
  return source();
}

let actingSource: () => number | null = () => null;

/** Whom a studio manager acts for (ADR 0014): the app wires the session store in, like the token. */
export function setActingSource(next: () => number | null): void {
  actingSource = next;
}

export function getActingFor(): number | null {
  return actingSource();
}
