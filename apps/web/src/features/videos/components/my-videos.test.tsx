import { videoMessages, type ProfileUser, type Video } from '@flick/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { findScreenHeading, profileUser, publicProfileOf, signIn } from '../../../testing/accounts.ts';
import { type FetchCall, initializeApp, json, mockApi, renderApp } from '../../../testing/render-app.tsx';
import { videoOf } from '../../../testing/videos.ts';
import { formatScheduledDate } from '../video-status.ts';

type Responder = (call: FetchCall) => Response | Promise<Response>;

const model = profileUser({ isVerified: 'approved' });

function openAccount(list: Responder, more: Record<string, Responder> = {}, user: ProfileUser = model) {
  const api = mockApi({
    'GET /v1/profile': () => json({ user }),
    [`GET /v1/users/${user.id}`]: () => json({ data: publicProfileOf(user) }),
    'GET /v1/profile/videos': list,
    'GET /v1/profile/liked-videos': () => page([]),
    'GET /v1/profile/following-models': () => page([]),
    ...more,
  });
  signIn(user);
  initializeApp();
  const app = renderApp('/account');
  const listCalls = () => api.calls.filter((call) => call.url.startsWith('/v1/profile/videos')).length;
  return { ...app, api, listCalls };
}

const page = (data: Video[], next: string | null = null) => json({ data, links: { next } });

/** The end of the list is in view: the grid asks for the next page each time it may. */
function endAlwaysInView() {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly report: IntersectionObserverCallback) {}
      observe(target: Element) {
        queueMicrotask(() => this.report([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
      }
      disconnect() {}
    },
  );
}
const findSection = async () => within(await screen.findByRole('region', { name: 'My videos' }, { timeout: 5000 }));

describe('My videos on /account', () => {
  it('badges every status, published included, each in its own colour, and a scheduled video with its date', async () => {
    const scheduled = videoOf({ id: 8, title: 'Tomorrow night', uploadDate: '2099-06-01T18:30:00.000Z' });
    openAccount(() =>
      page([
        videoOf({ id: 1, title: 'Fresh upload', status: 'uploaded', thumbnailUrl: null, firstFrameUrl: null, duration: 0 }),
        videoOf({ id: 2, title: 'Getting ready', status: 'preprocess', thumbnailUrl: null }),
        videoOf({ id: 3, title: 'Almost there', status: 'processing', thumbnailUrl: null }),
        videoOf({ id: 4, title: 'Beach day' }),
        videoOf({ id: 5, title: 'Too much', status: 'rejected', statusReason: 'Shows a minor-looking prop.' }),
        videoOf({ id: 6, title: 'Going away', status: 'deleting' }),
        videoOf({ id: 7, title: 'Broken file', status: 'error', statusReason: 'The file ends early.' }),
        scheduled,
      ]),
    );
    const section = await findSection();
    await section.findByRole('button', { name: 'Beach day' });

    const badges = [...document.querySelectorAll('[data-tone]')].map((badge) => [badge.getAttribute('data-tone'), badge.textContent]);
    expect(badges).toEqual([
      ['uploaded', 'Uploaded'],
      ['preprocess', 'Preparing'],
      ['processing', 'Processing'],
      ['approved', 'Published'],
      ['rejected', 'Rejected'],
      ['deleting', 'Deleting'],
      ['error', 'Failed'],
      ['scheduled', `Scheduled ${formatScheduledDate(scheduled.uploadDate)}`],
    ]);
    const description = (name: string) =>
      section
        .getByRole('button', { name })
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent);
    expect(description('Almost there')).toEqual(['Processing', '0:42']);
    expect(description('Beach day')).toEqual(['Published', '0:42']);
    // Thumbnail, else first frame, else a drawn frame.
    const pictures = section.getAllByRole('listitem').map((tile) => tile.querySelector('img')?.getAttribute('src') ?? null);
    expect(pictures.slice(0, 4)).toEqual([null, '/media/videos/2/first-frame.jpg', '/media/videos/3/first-frame.jpg', '/media/videos/4/thumbnail.jpg']);
  });

  it('explains a video that cannot play, with the reason the server gave', async () => {
    openAccount(() => page([videoOf({ id: 5, title: 'Broken file', status: 'error', statusReason: 'The file ends early.' })]));
    const section = await findSection();
    fireEvent.click(await section.findByRole('button', { name: 'Broken file' }));
    const dialog = screen.getByRole('dialog', { name: 'Broken file' });
    within(dialog).getByText('The file ends early.');
    within(dialog).getByText('Failed');
  });

  it('badges a held video "In review" and tells its creator why instead of playing it', async () => {
    const reason = 'This video matches a video removed from Flick, so it waits for a moderator’s review.';
    openAccount(() => page([videoOf({ id: 9, title: 'Again', status: 'processing', statusReason: reason, playlistUrl: '/media/videos/9/stream/master.m3u8' })]));
    const section = await findSection();
    const tile = await section.findByRole('button', { name: 'Again' });
    expect(document.getElementById(tile.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe('In review');
    fireEvent.click(tile);
    const dialog = screen.getByRole('dialog', { name: 'Again' });
    expect(dialog.querySelector('video')).toBeNull();
    within(dialog).getByText('This video is not published yet. The reason below says what it waits for.');
    within(dialog).getByText(reason);
  });

  it('plays a video still processing once its first seconds are ready, and says so', async () => {
    openAccount(() =>
      page([
        videoOf({ id: 3, title: 'Almost there', status: 'processing', playlistUrl: '/media/videos/3/stream/master.m3u8' }),
        videoOf({ id: 4, title: 'Just started', status: 'processing', playlistUrl: null }),
      ]),
    );
    const section = await findSection();
    fireEvent.click(await section.findByRole('button', { name: 'Almost there' }));
    const player = screen.getByRole('dialog', { name: 'Almost there' });
    within(player).getByText('Still processing');
    expect(player.querySelector('video')).not.toBeNull();
    fireEvent.click(within(player).getByRole('button', { name: 'Close' }));

    fireEvent.click(section.getByRole('button', { name: 'Just started' }));
    const status = screen.getByRole('dialog', { name: 'Just started' });
    expect(status.querySelector('video')).toBeNull();
    within(status).getByText(/converting your video/);
  });

  it('offers "Upload a video" when there are none', async () => {
    openAccount(() => page([]));
    const section = await findSection();
    expect((await section.findByRole('link', { name: 'Upload a video' })).getAttribute('href')).toBe('/upload');
  });

  it('is not shown to a viewer account', async () => {
    const { listCalls } = openAccount(() => page([]), {}, profileUser({ type: 'user' }));
    await findScreenHeading('Mia Rose');
    expect(screen.queryByRole('region', { name: 'My videos' })).toBeNull();
    expect(listCalls()).toBe(0);
  });

  it('asks again every 3 s while a video is processing, and stops once it is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: Video['status'] = 'processing';
    const { listCalls } = openAccount(() => page([videoOf({ id: 3, title: 'Almost there', status })]));
    const section = await findSection();
    await section.findByText('Processing');

    const before = listCalls();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(listCalls()).toBe(before + 1);

    status = 'approved';
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(section.queryByText('Processing')).toBeNull());
    const done = listCalls();
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(listCalls()).toBe(done);
  });

  it('deletes after the "Delete video" confirmation: busy until the server answers, then Deleting, and the tile stays', async () => {
    let answer: (response: Response) => void = () => {};
    const { api } = openAccount(() => page([videoOf({ id: 4, title: 'Beach day' }), videoOf({ id: 9, title: 'Pool party' })]), {
      'GET /v1/videos/4/delete': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const section = await findSection();
    fireEvent.click(await section.findByRole('button', { name: 'Delete Beach day' }));

    const confirm = screen.getByRole('alertdialog', { name: 'Delete video' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(api.calls.some((call) => call.url === '/v1/videos/4/delete' && call.method === 'GET')).toBe(true));
    // viewer.md §4: "deleting" only after a 200; until then the delete button is busy.
    expect(section.queryByText('Deleting')).toBeNull();
    const deleteButton = section.getByRole<HTMLButtonElement>('button', { name: 'Delete Beach day' });
    expect(deleteButton.getAttribute('aria-busy')).toBe('true');
    expect(deleteButton.disabled).toBe(true);

    answer(json({ message: videoMessages.deleted }));
    await screen.findByText(videoMessages.deleted);
    section.getByText('Deleting');
    expect(section.getByRole<HTMLButtonElement>('button', { name: 'Beach day' }).disabled).toBe(true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 2000)));
    section.getByRole('button', { name: 'Beach day' });
    section.getByText('Deleting');
    section.getByRole('button', { name: 'Pool party' });
  });

  it("keeps the video and toasts the server's message when the delete is refused", async () => {
    openAccount(() => page([videoOf({ id: 4, title: 'Beach day' })]), {
      'GET /v1/videos/4/delete': () => json({ message: videoMessages.notYours }, 403),
    });
    const section = await findSection();
    fireEvent.click(await section.findByRole('button', { name: 'Delete Beach day' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Delete video' })).getByRole('button', { name: 'Delete' }));
    await screen.findByText(videoMessages.notYours);
    section.getByRole('button', { name: 'Beach day' });
    expect(section.queryByText('Deleting')).toBeNull();
  });

  it('does not ask again for a page that failed; Try again asks once more', async () => {
    endAlwaysInView();
    let failing = true;
    const { api } = openAccount((call) =>
      call.url.includes('before=')
        ? failing
          ? json({ message: 'Down' }, 500)
          : page([videoOf({ id: 2, title: 'Older one' })])
        : page([videoOf({ id: 4, title: 'Beach day' })], '/v1/profile/videos?before=4'),
    );
    const section = await findSection();
    await section.findByRole('button', { name: 'Beach day' });
    const secondPage = () => api.calls.filter((call) => call.url.includes('before=4')).length;
    const retry = await section.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    const asked = secondPage();
    await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    expect(secondPage()).toBe(asked);

    failing = false;
    fireEvent.click(retry);
    await section.findByRole('button', { name: 'Older one' });
    expect(secondPage()).toBe(asked + 1);
  });

  it('shows a video once when it comes again on the next page', async () => {
    endAlwaysInView();
    openAccount((call) =>
      call.url.includes('before=')
        ? page([videoOf({ id: 4, title: 'Beach day' }), videoOf({ id: 2, title: 'Older one' })])
        : page([videoOf({ id: 5, title: 'Newest' }), videoOf({ id: 4, title: 'Beach day' })], '/v1/profile/videos?before=4'),
    );
    const section = await findSection();
    await section.findByRole('button', { name: 'Older one' }, { timeout: 5000 });
    expect(section.getAllByRole('button', { name: 'Beach day' })).toHaveLength(1);
    expect(section.getAllByRole('listitem')).toHaveLength(3);
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const { api } = openAccount(() => page([videoOf({ id: 4, title: 'Beach day' })]));
    const section = await findSection();
    fireEvent.click(await section.findByRole('button', { name: 'Delete Beach day' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Delete video' })).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((call) => call.url.includes('/delete'))).toBe(false);
  });

  it('plays a published video muted, inline and by itself, in a dialog named by its title', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
    openAccount(() => page([videoOf({ id: 4, title: 'Beach day' })]));
    const section = await findSection();
    fireEvent.click(await section.findByRole('button', { name: 'Beach day' }));

    const dialog = screen.getByRole('dialog', { name: 'Beach day' });
    const video = dialog.querySelector('video')!;
    await waitFor(() => expect(video.getAttribute('src')).toBe('/media/videos/4/master.m3u8'));
    expect(video.muted).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('poster')).toBe('/media/videos/4/thumbnail.jpg');
    expect(play).toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('loads the next page from links.next as the end of the list comes near', async () => {
    endAlwaysInView();
    const { api } = openAccount((call) =>
      call.url.includes('cursor=')
        ? page([videoOf({ id: 2, title: 'Older clip' })])
        : page([videoOf({ id: 3, title: 'Newest clip' })], 'http://flick.test/v1/profile/videos?cursor=abc'),
    );
    const section = await findSection();
    await section.findByRole('button', { name: 'Older clip' });
    section.getByRole('button', { name: 'Newest clip' });
    expect(api.calls.map((call) => call.url).filter((url) => url.startsWith('/v1/profile/videos'))).toEqual(['/v1/profile/videos', '/v1/profile/videos?cursor=abc']);
  });
});
