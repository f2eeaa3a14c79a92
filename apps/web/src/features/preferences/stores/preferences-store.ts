import { readJson, removeItem, writeJson } from '../../../lib/storage.ts';

/** viewer.md §3: preferences kept locally. The selected tags narrow the home feed. */
const SELECTED_TAGS = 'preferenceSelectedTags';

const isTagIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((id) => typeof id === 'number' && Number.isInteger(id));

export function getSelectedTags(): number[] {
  return readJson('local', SELECTED_TAGS, isTagIdList) ?? [];
}

export function setSelectedTags(tagIds: readonly number[]): void {
  writeJson('local', SELECTED_TAGS, tagIds);
}

/** viewer.md §2: the Discover, Upload, Channels and Account tabs clear the selection. */
export function clearSelectedTags(): void {
  removeItem('local', SELECTED_TAGS);
}
