import { videoPerformersSchema, type DeclarePerformersRequest, type VideoPerformers } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client.ts';

/*
 * ADR 0029: who the uploader said is in one video. Every call answers with the whole list, each
 * co-performer's answer and what keeps the video unpublished, which the caller puts in the cache.
 */

export const videoPerformersQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: ['video-performers', videoId],
    queryFn: async ({ signal }) => videoPerformersSchema.parse(await api.get<unknown>(`/videos/${videoId}/performers`, { signal })),
  });

/** GET /videos/{id}/performers (the uploader's, bearer). */
export function useVideoPerformers(videoId: number, { enabled = true } = {}) {
  return useQuery({ ...videoPerformersQueryOptions(videoId), enabled });
}

/** PUT /videos/{id}/performers: only me, or the creators by handle (the releases added stay); 422 names the handle at fault as `creators.{n}`. */
export async function declarePerformers(videoId: number, declaration: DeclarePerformersRequest): Promise<VideoPerformers> {
  return videoPerformersSchema.parse(await apiRequest<unknown>(`/videos/${videoId}/performers`, { method: 'PUT', body: declaration }));
}

/** POST /videos/{id}/performers/releases (multipart): a co-performer without an account, with ID images and signed consent. */
export async function addRelease(videoId: number, form: FormData): Promise<VideoPerformers> {
  return videoPerformersSchema.parse(await api.post<unknown>(`/videos/${videoId}/performers/releases`, form));
}

/** DELETE /videos/{id}/performers/{performer}: off the list before publication (a release added by mistake, one who refused). */
export async function removePerformer(videoId: number, performerId: number): Promise<VideoPerformers> {
  return videoPerformersSchema.parse(await api.delete<unknown>(`/videos/${videoId}/performers/${performerId}`));
}
