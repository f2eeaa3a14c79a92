import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from '../../../lib/storage.ts';

/**
 * Viewer discretion (issue 31, ADR 0033): three options kept on this device, for guests and accounts
 * alike, all off until the viewer turns them on. Every grid's tile reads the first, and the app's start
 * the second, so this module stays small; the options' screen and the shell's controls load lazily.
 */
export interface Discretion {
  /** Pictures of NSFW videos are blurred in every grid until tapped. */
  blurSensitive: boolean;
  /** The browser tab says only "Flick", whatever the screen. */
  neutralTitle: boolean;
  /** A control (and Escape twice) that replaces the page with a neutral site. */
  quickExit: boolean;
}

const KEY = 'preferenceDiscretion';
const OFF: Discretion = { blurSensitive: false, neutralTitle: false, quickExit: false };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function load(): Discretion {
  const stored = readJson('local', KEY, isRecord);
  // Anything but a stored true is off: a damaged value never hides or blurs more than the viewer asked.
  return stored ? { blurSensitive: stored.blurSensitive === true, neutralTitle: stored.neutralTitle === true, quickExit: stored.quickExit === true } : OFF;
}

let current = load();
/** Video ids whose picture the viewer has shown: for the page's life, never stored. */
const revealed = new Set<number>();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

// Another tab of the app changed the options: this one follows.
window.addEventListener('storage', () => {
  current = load();
  notify();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getDiscretion(): Discretion {
  return current;
}

export function setDiscretion(change: Partial<Discretion>): void {
  current = { ...current, ...change };
  writeJson('local', KEY, current);
  notify();
}

/** The options as React state. */
export function useDiscretion(): Discretion {
  return useSyncExternalStore(subscribe, getDiscretion, getDiscretion);
}

export interface SensitiveVideo {
  id: number;
  isNsfw: boolean;
}

/** Whether this video's picture is to be blurred now: the option is on, it is NSFW, and it was not shown yet. */
export function isConcealed(video: SensitiveVideo): boolean {
  return current.blurSensitive && video.isNsfw && !revealed.has(video.id);
}

export function useConcealed(video: SensitiveVideo): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isConcealed(video),
    () => isConcealed(video),
  );
}

/** Shows this video's picture wherever it appears, until the page is left. */
export function reveal(videoId: number): void {
  revealed.add(videoId);
  notify();
}
