import { performerMessages, videoMessages, type VideoPerformers } from '@flick/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findScreenHeading, profileUser, publicProfileOf, signIn } from '../../../testing/accounts.ts';
import { resetTus, startedUpload } from '../../../testing/mock-tus.ts';
import { type FetchCall, initializeApp, json, mockApi, renderApp } from '../../../testing/render-app.tsx';

vi.mock('tus-js-client', () => import('../../../testing/mock-tus.ts'));
beforeEach(resetTus);

type Responder = (call: FetchCall) => Response | Promise<Response>;

const uploader = profileUser({ isVerified: 'approved' });
const lena = profileUser({ id: 21, name: 'Lena Star', username: 'lena', slug: 'lena', isVerified: 'approved' });
const newbie = profileUser({ id: 22, name: 'New Face', username: 'newface', slug: 'newface', isVerified: 'pending' });

const declared = (performers: VideoPerformers['performers']): VideoPerformers => ({
  videoId: 12,
  declaredAt: '2026-11-27T10:00:00.000Z',
  onlyMe: performers.length === 0,
  locked: false,
  performers,
  holdReason: performers.length > 0 ? performerMessages.waiting(performers.length) : null,
});

/** The upload screen at its details step, with who is in the video under the tags. */
async function toDetails(more: Record<string, Responder> = {}) {
  const api = mockApi({
    'GET /v1/profile': () => json({ user: uploader }),
    'GET /v1/profile/videos': () => json({ data: [], links: { next: null } }),
    'GET /v1/users/lena': () => json({ data: publicProfileOf(lena) }),
    'GET /v1/users/newface': () => json({ data: publicProfileOf(newbie) }),
    'GET /v1/users/nobody': () => json({ message: 'User not found.' }, 404),
    'GET /v1/users/mia_rose': () => json({ data: publicProfileOf(uploader) }),
    'POST /v1/videos/upload-details': () => json({ message: videoMessages.uploadSuccess, video: {} }),
    ...more,
  });
  signIn(uploader);
  initializeApp();
  renderApp('/upload');
  await findScreenHeading('Upload video');
  fireEvent.change(screen.getByLabelText('Video file'), { target: { files: [new File(['clip'], 'duet.mp4', { type: 'video/mp4' })] } });
  const upload = await startedUpload();
  await act(async () => upload.succeed(200, { videoId: 12, screenshot: '/media/videos/12/first-frame.jpg' }));
  fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Duet' } });
  return { api, people: screen.getByRole('region', { name: 'Who is in this video?' }) };
}

const withOthers = (people: HTMLElement) => fireEvent.click(within(people).getByRole('radio', { name: 'Me and others' }));
function add(people: HTMLElement, handle: string) {
  fireEvent.change(within(people).getByLabelText('Flick username'), { target: { value: handle } });
  fireEvent.click(within(people).getByRole('button', { name: 'Add' }));
}
const publish = () => fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

describe('who is in the video, at upload (ADR 0029)', () => {
  it('is "Only me" unless the creator says otherwise, and is sent before the details', async () => {
    const { api } = await toDetails({ 'PUT /v1/videos/12/performers': () => json(declared([])) });
    expect(screen.getByRole('radio', { name: 'Only me' })).toHaveProperty('checked', true);
    publish();
    await screen.findByText(videoMessages.uploadSuccess);
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ onlyMe: true, creators: [] });
  });

  it('looks a creator up as they are added: an unknown name and an unverified one are said at once, and the text stays', async () => {
    const { people } = await toDetails();
    withOthers(people);
    add(people, '@nobody');
    await within(people).findByText(performerMessages.notFound('nobody'));
    expect(within(people).getByLabelText('Flick username')).toHaveProperty('value', '@nobody');
    add(people, 'newface');
    await within(people).findByText(performerMessages.notVerified('newface'));
    add(people, '@mia_rose');
    await within(people).findByText(performerMessages.notYourself);
    expect(within(people).queryByRole('list', { name: 'Co-performers' })).toBeNull();
    add(people, '@lena');
    const list = await within(people).findByRole('list', { name: 'Co-performers' });
    within(list).getByText('Lena Star');
    within(list).getByText('@lena');
    add(people, 'LENA');
    await within(people).findByText(performerMessages.duplicate);
  });

  it('asks for at least one name with "Me and others", and sends none of it until there is one', async () => {
    const { api, people } = await toDetails();
    withOthers(people);
    publish();
    await within(people).findByText(performerMessages.onlyMeOrList);
    expect(api.calls.some((call) => call.method === 'PUT' || call.url === '/v1/videos/upload-details')).toBe(false);
  });

  it('names the creators, and shows the server’s refusal on the name at fault without sending the details', async () => {
    let answer: Responder = () => json({ message: 'The given data was invalid.', errors: { 'creators.0': [performerMessages.notVerified('lena')] } }, 422);
    const { api, people } = await toDetails({ 'PUT /v1/videos/12/performers': (call) => answer(call) });
    withOthers(people);
    add(people, 'lena');
    await within(people).findByRole('list', { name: 'Co-performers' });
    publish();
    await waitFor(() => expect(api.calls.map((call) => `${call.method} ${call.url}`)).toContain('PUT /v1/videos/12/performers'));
    await within(people).findByText(performerMessages.notVerified('lena'));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ onlyMe: false, creators: ['lena'] });
    expect(api.calls.some((call) => call.url === '/v1/videos/upload-details')).toBe(false);

    answer = () => json(declared([]));
    publish();
    await screen.findByText(videoMessages.uploadSuccess);
    await waitFor(() => expect(api.calls.some((call) => call.url === '/v1/videos/upload-details')).toBe(true));
  });
});
