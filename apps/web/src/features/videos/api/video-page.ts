import type { Video } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';

/** One page of a video list, and where the list goes on (`links.next`, opaque). */
export interface VideoPage {
  videos: Video[];
  next: string | null;
}

/** viewer.md §7 "Generic feed fetch": the answer is a data array, or a single item (a start video). */
export interface VideoListAnswer {
  data: Video[] | Video;
  links?: { next: string | null };
}

/** Videos without a playlist cannot play in the feed; they are left out rather than shown broken. */
const playable = (video: Video) => Boolean(video.playlistUrl);

/**
 * Fetches a page of videos. The answer is not parsed with the contract's schema: this is the hot path of
 * the feed and every grid, the server validates what it sends (serializer), and the entry chunk can't
 * carry zod (ADR 0008).
 */
export async function getVideoPage(path: string, continueWith: string | null = null): Promise<VideoPage> {
  const answer = await api.get<VideoListAnswer>(path);
  const videos = (Array.isArray(answer.data) ? answer.data : [answer.data]).filter(playable);
  // A single start video has no next link of its own: the list continues with `continueWith`.
  return { videos, next: answer.links?.next ?? (Array.isArray(answer.data) ? null : continueWith) };
}
