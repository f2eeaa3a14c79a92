/**
 * Web Storage that never throws (Safari private mode, storage disabled, quota) and keeps every key
 * of the app under one `flick.` prefix.
 */
export type StorageArea = 'local' | 'session';

const PREFIX = 'flick.';

function area(which: StorageArea): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(which: StorageArea, key: string): string | null {
  try {
    return area(which)?.getItem(PREFIX + key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(which: StorageArea, key: string, value: string): void {
  try {
    area(which)?.setItem(PREFIX + key, value);
  } catch {
    // Storage full or disabled: the value lives only as long as the page.
  }
}

export function removeItem(which: StorageArea, key: string): void {
  try {
    area(which)?.removeItem(PREFIX + key);
  } catch {
    // Nothing stored to remove.
  }
}

export function readJson<T>(which: StorageArea, key: string, isValid: (value: unknown) => value is T): T | null {
  const raw = readItem(which, key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJson(which: StorageArea, key: string, value: unknown): void {
  writeItem(which, key, JSON.stringify(value));
}
