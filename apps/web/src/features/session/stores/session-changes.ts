import { readItem, readJson, removeItem, writeItem, writeJson, type StorageArea } from '../../../lib/storage.ts';
import { AREAS, getSession, KEYS, type Session, type UserType } from './session-store.ts';

/*
 * Signing in and out, and hearing of it: apart from session-store.ts, whose reading half is all the
 * shell needs at start, so the initial JavaScript carries no more than that.
 */

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', notify);
  };
}

function removeStoredSession(): void {
  removeItem('session', ACTING);
  for (const area of AREAS) {
    removeItem(area, KEYS.accessToken);
    removeItem(area, KEYS.userId);
    removeItem(area, KEYS.userType);
  }
}

/** Remember-me keeps the session in local storage; otherwise it ends with the browser session. */
export function setSession(session: Session, rememberMe: boolean): void {
  removeStoredSession();
  const area: StorageArea = rememberMe ? 'local' : 'session';
  writeItem(area, KEYS.accessToken, session.accessToken);
  writeItem(area, KEYS.userId, session.userId);
  writeItem(area, KEYS.userType, session.userType);
  notify();
}

/** Forgets the token, user id and type; the guest id stays. */
export function clearSession(): void {
  removeStoredSession();
  notify();
}

/** A studio manager acting for a member (ADR 0014): who, for which studio. */
export interface Acting {
  id: number;
  type: UserType;
  name: string;
  studio: string;
}

const ACTING = 'acting';

/** The manager's own session, kept while this tab acts for a member, and where it was stored. */
interface ActingRecord extends Acting {
  own: Session & { area: StorageArea };
}

const isActingRecord = (value: unknown): value is ActingRecord => {
  const record = value as Partial<ActingRecord> | null;
  return typeof record?.id === 'number' && typeof record.name === 'string' && typeof record.own?.accessToken === 'string';
};

/**
 * Whom this tab acts for. Acting writes the member's id and type, on the manager's token, into this tab's
 * session storage, which the session store reads first: every screen then is the member's, and the
 * initial JavaScript knows nothing of studios.
 */
export function getActing(): Acting | null {
  const record = readJson('session', ACTING, isActingRecord);
  if (!record || readItem('session', KEYS.userId) !== String(record.id)) return null;
  return { id: record.id, type: record.type, name: record.name, studio: record.studio };
}

/** The member's id for the API client, which names them on the calls a studio may make. */
export const actingId = () => getActing()?.id ?? null;

export function startActing(acting: Acting): void {
  const own = getActing() ? readJson('session', ACTING, isActingRecord)?.own : ownSession();
  if (!own) return;
  writeJson('session', ACTING, { ...acting, own });
  writeItem('session', KEYS.accessToken, own.accessToken);
  writeItem('session', KEYS.userId, String(acting.id));
  writeItem('session', KEYS.userType, acting.type);
  notify();
}

/** Back to the manager's own account. */
export function stopActing(): void {
  const record = readJson('session', ACTING, isActingRecord);
  removeItem('session', ACTING);
  for (const key of [KEYS.accessToken, KEYS.userId, KEYS.userType]) removeItem('session', key);
  if (record?.own.area === 'session') {
    writeItem('session', KEYS.accessToken, record.own.accessToken);
    writeItem('session', KEYS.userId, record.own.userId);
    writeItem('session', KEYS.userType, record.own.userType);
  }
  notify();
}

function ownSession(): ActingRecord['own'] | null {
  const session = getSession();
  if (!session) return null;
  const area: StorageArea = readItem('session', KEYS.accessToken) === session.accessToken ? 'session' : 'local';
  return { ...session, area };
}
