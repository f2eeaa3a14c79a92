import { videoMessages } from '@flick/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenSource } from '../../../lib/access-token.ts';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { DetailedError, previousUploads, resetTus, startedUpload, tusResponse } from '../../../testing/mock-tus.ts';
import { isAbortError, uploadFailureReason, uploadVideo } from './upload-video.ts';

vi.mock('tus-js-client', () => import('../../../testing/mock-tus.ts'));

const clip = () => new File(['not really a video'], 'clip.mp4', { type: 'video/mp4' });
const uploaded = { videoId: 12, screenshot: '/media/videos/12/first-frame.jpg' };

beforeEach(resetTus);

describe('uploadVideo (resumable, over tus)', () => {
  it('sends the file to /v1/videos/uploads with the bearer token and its name and type, and reports whole percents', async () => {
    setAccessTokenSource(() => 'secret-token');
    const percents: number[] = [];
    const file = clip();
    const done = uploadVideo(file, { onProgress: (percent) => percents.push(percent) });

    const upload = await startedUpload();
    expect(upload.file).toBe(file);
    expect(upload.options.endpoint).toBe(new URL('/v1/videos/uploads', window.location.origin).href);
    expect(upload.options.headers).toEqual({ Authorization: 'Bearer secret-token' });
    expect(upload.options.metadata).toEqual({ filename: 'clip.mp4', filetype: 'video/mp4' });

    upload.progress(1, 3);
    upload.progress(2, 5);
    upload.progress(5, 5);
    upload.succeed(200, uploaded);
    await expect(done).resolves.toEqual(uploaded);
    expect(percents).toEqual([33, 40, 100]);
  });

  it('sends in chunks and tries again after a dropped line, an offset to settle or a proxy without the server', async () => {
    void uploadVideo(clip());
    const { options } = await startedUpload();
    expect(options.chunkSize).toBeGreaterThanOrEqual(1024 * 1024);
    expect(options.retryDelays?.length).toBeGreaterThanOrEqual(5);
    const retries = (response: ReturnType<typeof tusResponse> | null) => options.onShouldRetry?.(new DetailedError(response), 0, options);
    expect([null, tusResponse(409), tusResponse(423), tusResponse(502), tusResponse(503)].map(retries)).toEqual([true, true, true, true, true]);
    expect([tusResponse(401), tusResponse(403), tusResponse(413), tusResponse(422), tusResponse(500)].map(retries)).toEqual([false, false, false, false, false]);
  });

  it('resumes an earlier try of the same file, as after a reload', async () => {
    previousUploads.push({
      size: 18,
      metadata: { filename: 'clip.mp4' },
      creationTime: new Date().toString(),
      urlStorageKey: 'tus::key',
      uploadUrl: 'http://localhost/v1/videos/uploads/abc',
      parallelUploadUrls: null,
    });
    void uploadVideo(clip());
    const upload = await startedUpload();
    expect(upload.resumedFrom?.uploadUrl).toBe('http://localhost/v1/videos/uploads/abc');
    expect(upload.options.removeFingerprintOnSuccess).toBe(true);
  });

  it("rejects with the server's message and field errors", async () => {
    const done = uploadVideo(clip());
    (await startedUpload()).fail(422, { message: 'The given data was invalid.', errors: { video: [videoMessages.tooLong] } });
    const error = await done.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect(uploadFailureReason(error)).toBe(videoMessages.tooLong);
  });

  it('says the video is too big when a proxy answers 413 with a page of its own', async () => {
    const done = uploadVideo(clip());
    (await startedUpload()).fail(413, '<html><body>413 Request Entity Too Large</body></html>');
    expect(uploadFailureReason(await done.catch((failure: unknown) => failure))).toBe(videoMessages.tooBig);
  });

  it('rejects with a network error when the connection stays down', async () => {
    const done = uploadVideo(clip());
    (await startedUpload()).drop();
    const error = await done.catch((failure: unknown) => failure);
    expect((error as ApiError).status).toBe(0);
    expect(uploadFailureReason(error)).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('rejects an answer that is not a video id and first frame', async () => {
    const done = uploadVideo(clip());
    (await startedUpload()).succeed(204, '');
    expect(await done.catch((failure: unknown) => failure)).toBeInstanceOf(ApiError);
  });

  it('stops the transfer and deletes it on the server when the signal aborts, and rejects with an AbortError', async () => {
    const controller = new AbortController();
    const done = uploadVideo(clip(), { signal: controller.signal });
    const upload = await startedUpload();
    controller.abort();
    expect(upload.terminated).toBe(true);
    expect(isAbortError(await done.catch((failure: unknown) => failure))).toBe(true);
  });

  it('does not start when the signal aborted first', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(isAbortError(await uploadVideo(clip(), { signal: controller.signal }).catch((failure: unknown) => failure))).toBe(true);
  });

  it('uses the message of any other refusal', () => {
    expect(uploadFailureReason(new ApiError(403, videoMessages.verifyFirst))).toBe(videoMessages.verifyFirst);
    expect(uploadFailureReason(new ApiError(500, 'Something went wrong, try again later.'))).toBe('Something went wrong, try again later.');
  });
});
