import { readItem, writeItem, type StorageArea } from '../../../lib/storage.ts';

/** accounts.md §3: the auth state of a logged-in person. */
export type UserType = 'user' | 'model' | 'channel';
export interface Session {
  accessToken: string;
  userId: string;
  userType: UserType;
}

export const KEYS = { accessToken: 'accessToken', userId: 'userId', userType: 'userType', guestId: 'guestId' } as const;
export const AREAS: readonly StorageArea[] = ['session', 'local'];

let cached: { key: string; session: Session | null } = { key: '', session: null };

const asUserType = (value: string | null): UserType => (value === 'model' || value === 'channel' ? value : 'user');

function readStored(): Session | null {
  for (const area of AREAS) {
    const accessToken = readItem(area, KEYS.accessToken);
    const userId = readItem(area, KEYS.userId);
    if (accessToken && userId) return { accessToken, userId, userType: asUserType(readItem(area, KEYS.userType)) };
  }
  return null;
}

/** The current session, or null for a guest. Stable between changes, as useSyncExternalStore needs. */
export function getSession(): Session | null {
  const session = readStored();
  const key = session ? `${session.accessToken}\n${session.userId}\n${session.userType}` : '';
  if (key !== cached.key) cached = { key, session };
  return cached.session;
}

let memoryGuestId: string | null = null;

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID exists only in secure contexts; a LAN address over plain http is not one.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The guest id identifies this browser for likes, views and clicks; it is created once and kept. */
export function getGuestId(): string {
  const stored = readItem('local', KEYS.guestId);
  if (stored) return stored;
  memoryGuestId ??= randomUuid();
  writeItem('local', KEYS.guestId, memoryGuestId);
  return memoryGuestId;
}
