/**
 * GET calls asked for as the app starts, before the screen that reads them has loaded (ADR 0022:
 * render-as-you-fetch for the grid screens). The API client takes such an answer, once, for a GET of
 * the same path with the same token, instead of asking again; anything else asks as usual.
 */
interface Early {
  token: string | null;
  response: Promise<Response>;
}

const early = new Map<string, Early>();

export interface EarlyOptions {
  /** Sees the answer's JSON when it is a success (for what it may preload). */
  then?: (json: unknown) => void;
  /** The answer, already here (a first page the server's shell carries): nothing is asked. */
  answer?: Response;
  /**
   * What to ask instead of `path`: the same call pinned to a cursor (a returning guest's first page in
   * the ranking the shell's page came from); its answer is still handed over for `path`.
   */
  ask?: string;
}

/** Asks for `/v1{path}` now (or `ask`), or takes `answer` as its answer. */
export function requestEarly(path: string, token: string | null, { then, answer, ask = path }: EarlyOptions = {}): void {
  if (early.has(path)) return;
  const response = answer
    ? Promise.resolve(answer)
    : fetch(`/v1${ask}`, { headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  early.set(path, { token, response });
  if (then) {
    response
      .then((answer) => (answer.ok ? answer.clone().json() : null))
      .then((json: unknown) => json !== null && then(json))
      .catch(() => undefined);
  }
}

/** The early answer for a GET of `path` with `token`, once; null when there is none or it was asked with another token. */
export function takeEarly(path: string, token: string | null): Promise<Response> | null {
  const found = early.get(path);
  if (!found) return null;
  early.delete(path);
  return found.token === token ? found.response : null;
}
