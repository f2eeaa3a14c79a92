import { categories, defaultCategories, type Category, type Tag } from '@flick/contract';
import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from '../../../lib/storage.ts';
import { SELECTED_TAGS } from './preferences-store.ts';

/*
 * viewer.md §3 "Preferences (kept locally)": categories, autoplay next and the selected tags with their
 * names. Kept apart from preferences-store.ts, which the tab bar imports into the initial JavaScript.
 */
const SELECTED_TAG_NAMES = 'preferenceSelectedTagNames';
const CATEGORIES = 'preferencesCategory';
const AUTOSCROLL = 'preferenceAutoscroll';

const isNameMap = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && Object.values(value).every((name) => typeof name === 'string');
const isCategoryList = (value: unknown): value is Category[] =>
  Array.isArray(value) && value.length > 0 && value.every((key) => (categories as readonly unknown[]).includes(key));
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isTagIdList = (value: unknown): value is number[] => Array.isArray(value) && value.every((id) => typeof id === 'number' && Number.isInteger(id));

const listeners = new Set<() => void>();
function notify(): void {
  for (const listener of listeners) listener();
}

export type TagChoice = Pick<Tag, 'id' | 'name'>;

/** The ids of the selected tags (viewer.md §3). */
export function getSelectedTags(): number[] {
  return readJson('local', SELECTED_TAGS, isTagIdList) ?? [];
}

function setSelectedTags(tagIds: readonly number[]): void {
  writeJson('local', SELECTED_TAGS, tagIds);
}

/** The selected tags with their names (a tag whose name was not kept shows its id). */
export function getSelectedTagList(): TagChoice[] {
  const names = readJson('local', SELECTED_TAG_NAMES, isNameMap) ?? {};
  return getSelectedTags().map((id) => ({ id, name: names[id] ?? String(id) }));
}

export function setSelectedTagList(tags: readonly TagChoice[]): void {
  writeJson('local', SELECTED_TAG_NAMES, Object.fromEntries(tags.map((tag) => [tag.id, tag.name])));
  setSelectedTags(tags.map((tag) => tag.id));
  notify();
}

/** viewer.md §1: the preferred categories, f and c until the viewer picks others. */
export function getCategories(): Category[] {
  return readJson('local', CATEGORIES, isCategoryList) ?? [...defaultCategories];
}

/** viewer.md §5: at least one category stays selected, so an empty list is ignored. */
export function setCategories(next: readonly Category[]): void {
  if (next.length === 0) return;
  writeJson(
    'local',
    CATEGORIES,
    categories.filter((key) => next.includes(key)),
  );
  notify();
}

/** Autoplay next (viewer.md §2): on until the viewer turns it off. */
export function getAutoplayNext(): boolean {
  return readJson('local', AUTOSCROLL, isBoolean) ?? true;
}

export function setAutoplayNext(on: boolean): void {
  writeJson('local', AUTOSCROLL, on);
  notify();
}

export interface FeedPreferences {
  categories: Category[];
  tagIds: number[];
  autoplayNext: boolean;
}

let cached: { key: string; value: FeedPreferences } | null = null;
function snapshot(): FeedPreferences {
  const value = { categories: getCategories(), tagIds: getSelectedTags(), autoplayNext: getAutoplayNext() };
  const key = JSON.stringify(value);
  if (cached?.key !== key) cached = { key, value };
  return cached.value;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', notify);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', notify);
  };
}

/** The preferences as React state: a feed re-renders (and refetches) when the viewer changes them. */
export function useFeedPreferences(): FeedPreferences {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
