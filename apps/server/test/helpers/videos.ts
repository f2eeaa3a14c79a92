import { videoSchema, type Video } from '@flick/contract';
import fs from 'node:fs/promises';
import path from 'node:path';
import { signUp } from './accounts.ts';
import { clip } from './clips.ts';
import { multipart } from './multipart.ts';
import type { TestApp } from './test-app.ts';

/** A model whose identity an admin has approved: the only kind that may upload. */
export async function verifiedModel(t: TestApp) {
  const model = await signUp(t, 'model');
  await t.pool.query(`update users set is_verified = 'approved' where id = $1`, [model.id]);
  return model;
}

/** POST /v1/videos/upload of `file` as multipart. */
export async function upload(t: TestApp, auth: Record<string, string>, file = clip('vertical')) {
  const body = multipart({ video: { filename: path.basename(file), contentType: 'video/mp4', data: await fs.readFile(file) } });
  return t.app.inject({ method: 'POST', url: '/v1/videos/upload', payload: body.payload, headers: { ...body.headers, ...auth } });
}

/**
 * PUT /v1/videos/{id}/performers with "only me" (ADR 0029): until its uploader says who is in it, an upload
 * is held and never published. Throws unless the declaration is taken.
 */
export async function declareOnlyMe(t: TestApp, auth: Record<string, string>, videoId: number) {
  const res = await t.app.inject({ method: 'PUT', url: `/v1/videos/${videoId}/performers`, headers: auth, payload: { onlyMe: true } });
  if (res.statusCode !== 200) throw new Error(`declaring video ${videoId} answered ${res.statusCode}: ${res.body}`);
  return res;
}

/**
 * An upload as the web's flow makes it, the uploader alone in the video: `upload`, then "only me" when
 * the upload was taken (the answer is the upload's, so refusals read as they would).
 */
export async function uploadAlone(t: TestApp, auth: Record<string, string>, file = clip('vertical')) {
  const res = await upload(t, auth, file);
  if (res.statusCode === 201) await declareOnlyMe(t, auth, (res.json() as { videoId: number }).videoId);
  return res;
}

/** GET /v1/profile/videos, each checked against the contract. */
export async function ownVideos(t: TestApp, auth: Record<string, string>): Promise<Video[]> {
  const res = await t.app.inject({ method: 'GET', url: '/v1/profile/videos', headers: auth });
  return (res.json() as { data: unknown[] }).data.map((v) => videoSchema.parse(v));
}

/** Polls the owner's list until `until` holds for the video, or fails after `timeoutMs`. */
export async function waitForVideo(
  t: TestApp,
  auth: Record<string, string>,
  videoId: number,
  until: (video: Video) => boolean,
  { timeoutMs = 60_000, everyMs = 250 } = {},
): Promise<Video> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const video = (await ownVideos(t, auth)).find((v) => v.id === videoId);
    if (video && until(video)) return video;
    if (Date.now() > deadline) throw new Error(`video ${videoId} stayed ${video?.status}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
