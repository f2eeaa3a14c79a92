/**
 * A cam site's status feed (ADR 0012): a URL answering JSON that lists the rooms online. The mapping
 * says where the list is (a dot path, empty for the whole answer) and which field of an entry names the
 * room (empty when the entries are the names). Anything else is an error that says why, and the poll
 * that met it changes nothing.
 */
import { requestPublic } from '../../lib/public-fetch.ts';

export interface StatusMapping {
  listPath: string;
  roomField: string;
}

export class StatusFeedError extends Error {}

/** Larger than any cam site's online list; an answer past it is not one. */
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_ROOMS = 500_000;
const ROOM_MAX_LENGTH = 100;

/** The rooms an answer lists, lower-case. Throws StatusFeedError for an answer that is not such a list. */
export function roomsFromStatus(answer: unknown, { listPath, roomField }: StatusMapping): Set<string> {
  let list: unknown = answer;
  for (const key of listPath.split('.').filter(Boolean)) {
    if (list === null || typeof list !== 'object' || Array.isArray(list) || !Object.hasOwn(list, key)) {
      throw new StatusFeedError(`the answer has no "${listPath}"`);
    }
    list = (list as Record<string, unknown>)[key];
  }
  if (!Array.isArray(list)) throw new StatusFeedError(`${listPath ? `"${listPath}"` : 'the answer'} is not a list`);
  if (list.length > MAX_ROOMS) throw new StatusFeedError(`the list has ${list.length} entries, more than ${MAX_ROOMS}`);
  const rooms = new Set<string>();
  for (const entry of list) {
    const name = roomField ? (entry !== null && typeof entry === 'object' ? (entry as Record<string, unknown>)[roomField] : undefined) : entry;
    if (typeof name === 'string' && name.trim() && name.length <= ROOM_MAX_LENGTH) rooms.add(name.trim().toLowerCase());
  }
  // A list none of whose entries names a room is a changed format, not an empty site: believe nothing.
  if (list.length > 0 && rooms.size === 0) {
    throw new StatusFeedError(roomField ? `no entry of the list has a "${roomField}" name` : 'the list holds no names');
  }
  return rooms;
}

/** GETs a status URL: JSON within `timeoutMs` (connecting and reading), at most MAX_BYTES. */
export async function fetchStatus(url: string, { timeoutMs = 10_000, allowInternal = false }: { timeoutMs?: number; allowInternal?: boolean } = {}): Promise<unknown> {
  let answer;
  try {
    // An admin's URL, read only from public addresses (never this machine or a private network).
    answer = await requestPublic(url, { timeoutMs, maxBytes: MAX_BYTES, headers: { accept: 'application/json' }, maxRedirects: 3, allowInternal });
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      throw new StatusFeedError(`no whole answer within ${timeoutMs / 1000} s`);
    throw new StatusFeedError(`could not be reached (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!answer.ok) throw new StatusFeedError(`answered HTTP ${answer.status}`);
  if (!answer.body) throw new StatusFeedError(`answered more than ${MAX_BYTES / 1024 / 1024} MB`);
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw new StatusFeedError('did not answer JSON');
  }
}
