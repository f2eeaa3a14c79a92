import { VIDEO_MAX_BYTES, videoMessages, type ProfileUser } from '@flick/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findScreenHeading, profileUser, signIn } from '../../../testing/accounts.ts';
import { resetTus, startedUpload, uploads } from '../../../testing/mock-tus.ts';
import { type FetchCall, initializeApp, json, mockApi, renderApp } from '../../../testing/render-app.tsx';

vi.mock('tus-js-client', () => import('../../../testing/mock-tus.ts'));
beforeEach(resetTus);

type Responder = (call: FetchCall) => Response | Promise<Response>;

const verified = profileUser({ isVerified: 'approved' });
const uploaded = { videoId: 12, screenshot: '/media/videos/12/first-frame.jpg' };
/** The declaration's answer (ADR 0029): only the uploader is in the video. */
const onlyMe = { videoId: 12, declaredAt: '2026-11-27T10:00:00.000Z', onlyMe: true, locked: false, performers: [], holdReason: null };

function openAs(user: ProfileUser | null, more: Record<string, Responder> = {}) {
  const api = mockApi({
    'GET /v1/profile': () => json({ user }),
    'GET /v1/profile/videos': () => json({ data: [], links: { next: null } }),
    ...more,
  });
  if (user) signIn(user);
  initializeApp();
  const app = renderApp('/upload');
  return { ...app, api };
}

const clip = (name = 'beach-day.mp4') => new File(['a short clip'], name, { type: 'video/mp4' });
const pick = (file: File) => fireEvent.change(screen.getByLabelText('Video file'), { target: { files: [file] } });

/** Opens the verified screen, sends a clip and lands on the details step. */
async function toDetails(more: Record<string, Responder> = {}) {
  const opened = openAs(verified, { 'PUT /v1/videos/12/performers': () => json(onlyMe), ...more });
  await findScreenHeading('Upload video');
  pick(clip());
  const upload = await startedUpload();
  await act(async () => upload.succeed(200, uploaded));
  await screen.findByText('Step 2 of 2');
  return opened;
}

const typeTag = (value: string) => fireEvent.change(screen.getByLabelText('Tags'), { target: { value } });
const pressEnter = () => fireEvent.keyDown(screen.getByLabelText('Tags'), { key: 'Enter' });
const publish = (name = 'Publish') => fireEvent.click(screen.getByRole('button', { name }));

describe('/upload for a guest (accounts.md §2)', () => {
  it('pitches creator sign-up with over 100k daily clicks, Get started and Sign in', async () => {
    openAs(null);
    await findScreenHeading('Turn short clips into new fans');
    screen.getByText('Over 100k daily clicks');
    expect(screen.getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('/register/model');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });
});

describe('/upload for an account that cannot post yet', () => {
  it('asks a model without verification to verify first, with a link to Account validation', async () => {
    openAs(profileUser({ isVerified: 'none' }));
    await findScreenHeading('Upload video');
    screen.getByText(videoMessages.verifyFirst);
    expect(screen.getByRole('link', { name: 'Verify your identity' }).getAttribute('href')).toBe('/account/settings/validation');
    expect(screen.queryByLabelText('Video file')).toBeNull();
  });

  it('tells a model in review that verification is pending', async () => {
    openAs(profileUser({ type: 'channel', isVerified: 'pending' }));
    await findScreenHeading('Upload video');
    screen.getByText('Verification in review');
    screen.getByText(videoMessages.verifyFirst);
    expect(screen.getByRole('link', { name: 'See verification status' }).getAttribute('href')).toBe('/account/settings/validation');
  });

  it('tells a viewer that uploads are for creator accounts, and where to get help', async () => {
    openAs(profileUser({ type: 'user', isVerified: 'none' }));
    await findScreenHeading('Upload video');
    screen.getByText(videoMessages.creatorsOnly);
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/support');
  });
});

describe('/upload step 1: the file (accounts.md §4)', () => {
  it('sends the picked file at once, shows its name, size and percent, and Cancel stops it', async () => {
    openAs(verified);
    await findScreenHeading('Upload video');
    screen.getByText('Step 1 of 2');
    expect(screen.getByLabelText('Video file').getAttribute('accept')).toBe('video/*');

    pick(clip());
    const upload = await startedUpload();
    expect(upload.options.endpoint).toMatch(/\/v1\/videos\/uploads$/);
    expect(upload.options.headers).toEqual({ Authorization: 'Bearer session-token' });
    screen.getByText('beach-day.mp4');
    screen.getByText('12 B');

    act(() => upload.progress(40, 100));
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    screen.getByText('40%');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(upload.terminated).toBe(true);
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
    screen.getByLabelText('Video file');
    expect(screen.queryByText(/Video upload failed/)).toBeNull();
  });

  it('toasts a 422 with the error text: "Video upload failed: {reason}"', async () => {
    openAs(verified);
    await findScreenHeading('Upload video');
    pick(clip());
    const upload = await startedUpload();
    await act(async () => upload.fail(422, { message: 'The given data was invalid.', errors: { video: [videoMessages.tooLong] } }));
    await screen.findByText(videoMessages.uploadFailed(videoMessages.tooLong));
    expect(screen.getByRole('alert').textContent).toBe(videoMessages.tooLong);
    screen.getByLabelText('Video file');
  });

  it("toasts any other failure with the server's message", async () => {
    openAs(verified);
    await findScreenHeading('Upload video');
    pick(clip());
    const upload = await startedUpload();
    await act(async () => upload.fail(500, { message: 'Something went wrong, try again later.' }));
    await screen.findByText('Video upload failed: Something went wrong, try again later.');
  });

  it('shows verifyFirst when the server refuses the account (403) and reloads the account', async () => {
    const { api } = openAs(verified);
    await findScreenHeading('Upload video');
    const profileCalls = () => api.calls.filter((call) => call.url === '/v1/profile').length;
    const before = profileCalls();
    pick(clip());
    const upload = await startedUpload();
    await act(async () => upload.fail(403, { message: videoMessages.verifyFirst }));
    await screen.findByText(videoMessages.uploadFailed(videoMessages.verifyFirst));
    await waitFor(() => expect(profileCalls()).toBe(before + 1));
  });

  it('refuses a file over 2 GB without sending it', async () => {
    openAs(verified);
    await findScreenHeading('Upload video');
    const big = clip('long-show.mov');
    Object.defineProperty(big, 'size', { value: VIDEO_MAX_BYTES + 1 });
    pick(big);
    await screen.findByText(videoMessages.uploadFailed(videoMessages.tooBig));
    expect(uploads).toHaveLength(0);
  });
});

describe('/upload step 2: the details (accounts.md §5)', () => {
  it('shows the first frame, with NSFW on by default', async () => {
    await toDetails();
    expect(screen.getByRole('img', { name: 'First frame of your video' }).getAttribute('src')).toBe(uploaded.screenshot);
    expect((screen.getByRole('checkbox', { name: 'NSFW' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Schedule' }) as HTMLInputElement).checked).toBe(false);
  });

  it('requires a title: "Title is required."', async () => {
    const { api } = await toDetails();
    publish();
    screen.getByText(videoMessages.titleRequired);
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.some((call) => call.url === '/v1/videos/upload-details')).toBe(false);
  });

  it('adds tags by Enter, comma and the Add button, and removes them', async () => {
    await toDetails();
    typeTag('dance');
    pressEnter();
    typeTag('solo,shower,');
    typeTag('beach');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    for (const tag of ['dance', 'solo', 'shower', 'beach']) screen.getByRole('button', { name: `Remove tag ${tag}` });
    expect((screen.getByLabelText('Tags') as HTMLInputElement).value).toBe('');
    screen.getByText('4 / 20');
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag solo' }));
    expect(screen.queryByRole('button', { name: 'Remove tag solo' })).toBeNull();
  });

  it.each([
    ['hot girl', videoMessages.tagNoSpaces],
    ['#dance', videoMessages.tagNoHash],
    ['a', videoMessages.tagTooShort],
  ])('refuses the tag "%s": "%s"', async (tag, message) => {
    await toDetails();
    typeTag(tag);
    pressEnter();
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect((screen.getByLabelText('Tags') as HTMLInputElement).value).toBe(tag);
  });

  it('refuses the same tag twice: "Cannot add the same tag twice"', async () => {
    await toDetails();
    typeTag('dance');
    pressEnter();
    typeTag('Dance');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert').textContent).toBe(videoMessages.tagDuplicate);
  });

  it('asks for a date when scheduling ("Select a date") and refuses one in the past', async () => {
    await toDetails();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Sunset' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Schedule' }));
    publish('Schedule');
    screen.getByText(videoMessages.selectDate);
    fireEvent.change(screen.getByLabelText('Publish date'), { target: { value: '2020-01-01T10:00' } });
    publish('Schedule');
    screen.getByText(videoMessages.dateInPast);
  });

  it('publishes: sends the details, toasts "Video uploaded successfully", goes back to step 1 and on to /account', async () => {
    const { api, router } = await toDetails({
      'POST /v1/videos/upload-details': () => json({ message: videoMessages.uploadSuccess, video: {} }),
    });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: ' Sunset swim ' } });
    typeTag('beach');
    pressEnter();
    typeTag('summer');
    fireEvent.click(screen.getByRole('checkbox', { name: 'NSFW' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Schedule' }));
    fireEvent.change(screen.getByLabelText('Publish date'), { target: { value: '2099-05-01T18:30' } });
    publish('Schedule');

    await screen.findByText(videoMessages.uploadSuccess);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(api.calls.find((call) => call.url === '/v1/videos/upload-details')?.body).toEqual({
      videoId: 12,
      title: 'Sunset swim',
      tags: 'beach,summer',
      is_nsfw: false,
      uploadDate: '2099-05-01 18:30',
      uploadDateTimezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // Who is in it is said first (ADR 0029), so the video never goes out before its co-performers are asked.
    const urls = api.calls.map((call) => `${call.method} ${call.url}`);
    expect(urls.indexOf('PUT /v1/videos/12/performers')).toBeLessThan(urls.indexOf('POST /v1/videos/upload-details'));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ onlyMe: true, creators: [] });
  });

  it('toasts "Failed to submit video details." with the error text, and shows it at its field', async () => {
    await toDetails({
      'POST /v1/videos/upload-details': () => json({ message: 'The given data was invalid.', errors: { uploadDate: [videoMessages.dateInPast] } }, 422),
    });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Sunset' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Schedule' }));
    fireEvent.change(screen.getByLabelText('Publish date'), { target: { value: '2099-05-01T18:30' } });
    publish('Schedule');
    await screen.findByText(`${videoMessages.detailsFailed} ${videoMessages.dateInPast}`);
    screen.getByText(videoMessages.dateInPast);
  });

  it('toasts "Missing video identifier." when the server does not know the upload', async () => {
    await toDetails({
      'POST /v1/videos/upload-details': () => json({ message: 'The given data was invalid.', errors: { videoId: [videoMessages.missingVideoId] } }, 422),
    });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Sunset' } });
    publish();
    await screen.findByText(`${videoMessages.detailsFailed} ${videoMessages.missingVideoId}`);
  });
});
