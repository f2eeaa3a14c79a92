import type { Video } from '@flick/contract';
import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from '../../../lib/storage.ts';

/** viewer.md §3: liked video ids are kept locally, so a guest's hearts survive a reload. */
const LIKED = 'likedVideos';
const MAX_KEPT = 2000;

const isIdList = (value: unknown): value is number[] => Array.isArray(value) && value.every((id) => Number.isInteger(id));

/** This visit's toggles: the count moves by one from what the server said (viewer.md §4). */
const toggled = new Map<number, boolean>();
const listeners = new Set<() => void>();
let version = 0;

function storedIds(): number[] {
  return readJson('local', LIKED, isIdList) ?? [];
}

/** What was kept when the page loaded: the likes from earlier visits, already in the server's counts. */
let keptBefore: ReadonlySet<number> | null = null;
const likedBefore = (id: number) => (keptBefore ??= new Set(storedIds())).has(id);

export interface LikeState {
  liked: boolean;
  count: number;
}

/** The server's count already holds a like kept from an earlier visit; only this visit's toggles move it. */
export function likeStateOf(video: Pick<Video, 'id' | 'isLiked' | 'likeCount'>): LikeState {
  const before = video.isLiked || likedBefore(video.id);
  const now = toggled.get(video.id) ?? before;
  return { liked: now, count: Math.max(0, video.likeCount + (now === before ? 0 : now ? 1 : -1)) };
}

export function setLiked(videoId: number, liked: boolean): void {
  keptBefore ??= new Set(storedIds());
  toggled.set(videoId, liked);
  const ids = storedIds().filter((id) => id !== videoId);
  writeJson('local', LIKED, liked ? [videoId, ...ids].slice(0, MAX_KEPT) : ids);
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getVersion = () => version;

export function useLikeState(video: Pick<Video, 'id' | 'isLiked' | 'likeCount'>): LikeState {
  useSyncExternalStore(subscribe, getVersion, getVersion);
  return likeStateOf(video);
}
