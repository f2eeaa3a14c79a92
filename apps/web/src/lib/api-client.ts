/**
 * The one way the app talks to the API under /v1: JSON in and out, the bearer token when logged in,
 * and every failure turned into an ApiError carrying the server's `{ message, errors }`.
 */
import { isStudioActingPath, STUDIO_ACT_FOR_HEADER } from '@flick/contract';
import { getAccessToken, getActingFor } from './access-token.ts';
import { takeEarly } from './early-requests.ts';
import { currentLocale } from './i18n.ts';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status; 0 when the request never got an answer (offline, DNS, CORS). */
  readonly status: number;
  readonly errors: FieldErrors;

  /** The whole answer, for the few that carry more than a message (a refused sign-in's token, ADR 0031). */
  readonly body: unknown;

  constructor(status: number, message: string, errors: FieldErrors = {}, body?: unknown) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.body = body;
  }

  /** The first message for a field, as forms show it. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }

  /** The first field error the server listed, else its message: what a form with one alert shows. */
  firstError(): string {
    return Object.values(this.errors).find((messages) => messages.length > 0)?.[0] ?? this.message;
  }
}

/** Shown to people: each text is a message of the catalogues. @i18n */
export const NETWORK_ERROR_MESSAGE = 'Network error. Check your connection and try again.';
/** Said when a failed answer carries no message of its own. */
export const FALLBACK_MESSAGE = 'Something went wrong, try again later.';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Send the bearer token when logged in (default true). */
  auth?: boolean;
  /** A bearer token to send instead of the session's (a sign-in link carries its own). */
  token?: string;
  /** Let the request outlive the page (a view reported as the tab closes). */
  keepalive?: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function toFieldErrors(value: unknown): FieldErrors {
  if (!isRecord(value)) return {};
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) errors[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return errors;
}

export function toApiError(status: number, payload: unknown): ApiError {
  if (isRecord(payload) && typeof payload.message === 'string') {
    return new ApiError(status, payload.message, toFieldErrors(payload.errors), payload);
  }
  return new ApiError(status, FALLBACK_MESSAGE);
}

async function readPayload(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** To the age gate, and back here once it is passed; not again from the gate itself (its sidebar asks too). */
function toAgeGate() {
  const { pathname, search } = window.location;
  if (pathname !== '/age-check') window.location.assign(`/age-check?returnTo=${encodeURIComponent(pathname + search)}`);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, auth = true, keepalive } = options;
  // The server answers in the language the app speaks (its messages, its e-mails).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale() };
  // A FormData body goes out as multipart; the browser writes its Content-Type with the boundary. A
  // Blob or File (an uploaded picture) goes out as its own bytes, with its own type.
  const multipart = body instanceof FormData;
  const raw = body instanceof Blob;
  if (raw) headers['Content-Type'] = body.type || 'application/octet-stream';
  else if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  const token = options.token ?? (auth ? getAccessToken() : null);
  if (token) headers.Authorization = `Bearer ${token}`;
  // A studio manager acting for a member names them on the calls a studio may make for a member.
  const actingFor = token && !options.token ? getActingFor() : null;
  if (actingFor !== null && isStudioActingPath(method, `/v1${path.split('?')[0]}`)) headers[STUDIO_ACT_FOR_HEADER] = String(actingFor);

  // A GET asked for as the app started (early-requests.ts), with the same token and no other header, is taken as it is.
  const early = method === 'GET' && !headers[STUDIO_ACT_FOR_HEADER] ? takeEarly(path, token ?? null) : null;
  let response: Response;
  try {
    response = await (early ??
      fetch(`/v1${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : multipart || raw ? body : JSON.stringify(body),
        signal,
        ...(keepalive ? { keepalive } : {}),
      }));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const payload = await readPayload(response).catch(() => undefined);
  // 451: the law where the viewer is asks for an 18+ confirmation or an age check first (ADR 0030).
  if (response.status === 451) toAgeGate();
  if (!response.ok) throw toApiError(response.status, payload);
  return payload as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};

/**
 * `links.next` is opaque (DESIGN.md "API conventions"): absolute or rooted at /v1, it is fetched as is.
 * The API client adds /v1 itself, so only what follows it is kept.
 */
export function nextPagePath(next: string): string {
  const url = new URL(next, 'http://next.invalid');
  const path = `${url.pathname}${url.search}`;
  return path.startsWith('/v1/') ? path.slice(3) : path;
}
