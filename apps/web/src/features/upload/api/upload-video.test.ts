import { videoMessages } from '@flick/contract';
import { describe, expect, it } from 'vitest';
import { setAccessTokenSource } from '../../../lib/access-token.ts';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { mockXhr } from '../../../testing/mock-xhr.ts';
import { isAbortError, uploadFailureReason, uploadVideo } from './upload-video.ts';

const clip = () => new File(['not really a video'], 'clip.mp4', { type: 'video/mp4' });

describe('uploadVideo', () => {
  it('posts the file as multipart field "video" with the bearer token and reports whole percents', async () => {
    setAccessTokenSource(() => 'secret-token');
    const requests = mockXhr();
    const percents: number[] = [];
    const file = clip();
    const done = uploadVideo(file, { onProgress: (percent) => percents.push(percent) });

    const xhr = requests[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/v1/videos/upload');
    expect(xhr.headers.Authorization).toBe('Bearer secret-token');
    const sent = (xhr.body as FormData).get('video') as File;
    expect([sent.name, sent.size, sent.type]).toEqual([file.name, file.size, 'video/mp4']);

    xhr.progress(1, 3);
    xhr.progress(2, 5);
    xhr.progress(5, 5);
    xhr.respond(201, { videoId: 12, screenshot: '/media/videos/12/first-frame.jpg' });
    await expect(done).resolves.toEqual({ videoId: 12, screenshot: '/media/videos/12/first-frame.jpg' });
    expect(percents).toEqual([33, 40, 100]);
  });

  it("rejects with the server's message and field errors", async () => {
    const requests = mockXhr();
    const done = uploadVideo(clip());
    requests[0]!.respond(422, { message: 'The given data was invalid.', errors: { video: [videoMessages.tooLong] } });
    const error = await done.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect(uploadFailureReason(error)).toBe(videoMessages.tooLong);
  });

  it('says the video is too big when a proxy answers 413 with a page of its own', async () => {
    const requests = mockXhr();
    const done = uploadVideo(clip());
    requests[0]!.respond(413, '<html><body>413 Request Entity Too Large</body></html>');
    expect(uploadFailureReason(await done.catch((failure: unknown) => failure))).toBe(videoMessages.tooBig);
  });

  it('rejects with a network error when the connection drops', async () => {
    const requests = mockXhr();
    const done = uploadVideo(clip());
    requests[0]!.fail();
    const error = await done.catch((failure: unknown) => failure);
    expect((error as ApiError).status).toBe(0);
    expect(uploadFailureReason(error)).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('stops the transfer when the signal aborts, and rejects with an AbortError', async () => {
    const requests = mockXhr();
    const controller = new AbortController();
    const done = uploadVideo(clip(), { signal: controller.signal });
    controller.abort();
    expect(requests[0]!.aborted).toBe(true);
    expect(isAbortError(await done.catch((failure: unknown) => failure))).toBe(true);
  });

  it('uses the message of any other refusal', () => {
    expect(uploadFailureReason(new ApiError(403, videoMessages.verifyFirst))).toBe(videoMessages.verifyFirst);
    expect(uploadFailureReason(new ApiError(500, 'Something went wrong, try again later.'))).toBe('Something went wrong, try again later.');
  });
});
