import type { PublicProfile, Video } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type MockInstance } from 'vitest';
import { profileUser, signIn } from '../../../testing/accounts.ts';
import { stubMedia } from '../../../testing/media.ts';
import { fullConfig, json, mockApi, renderApp, type FetchCall } from '../../../testing/render-app.tsx';
import { videoOf } from '../../../testing/videos.ts';

const page = (videos: Video[], next: string | null = null) => json({ data: videos, links: { next } });
const clips = (from: number, count: number) => Array.from({ length: count }, (_, i) => videoOf({ id: from + i, title: `Clip ${from + i}` }));

function creator(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: 7,
    type: 'model',
    name: 'Mia Rose',
    slug: 'mia_rose',
    username: 'mia_rose',
    avatar: null,
    cover: null,
    description: null,
    color: null,
    gender: 'f',
    isVerified: 'approved',
    isLive: false,
    isFollowing: false,
    totalLikes: 12_400,
    totalVideoViews: 1_250_000,
    totalFollowers: 980,
    links: [],
    contests: [],
    avatarSources: [],
    coverSources: [],
    appearances: 0,
    ...overrides,
  };
}

/** The controls of the video on screen (the hidden slots are aria-hidden). */
const stage = () => screen.findByRole('button', { name: /^(Like|Unlike), / }, { timeout: 5000 });
const path = (call: FetchCall) => call.url.replace(/^\/v1/, '');
/** jsdom plays nothing: say the video on screen started, as a browser would. */
const startPlaying = () => document.querySelectorAll('video').forEach((video) => fireEvent.playing(video));

beforeEach(() => {
  stubMedia();
  localStorage.setItem('flick.feedHint.swipeUp', '1');
  localStorage.setItem('flick.feedHint.swipeLeft', '1');
});

describe('the home feed (viewer.md §2)', () => {
  it('plays the first video and moves with the arrow keys; the next page comes two videos before the end', async () => {
    const api = mockApi({
      'GET /v1/videos': (call) => (call.url.includes('cursor=') ? page(clips(4, 2)) : page(clips(1, 3), '/v1/videos?gender=f,c&cursor=p2')),
      'GET /v1/users/7': () => json({ data: creator() }),
    });
    renderApp('/');
    await stage();
    const first = api.calls.find((call) => call.url.startsWith('/v1/videos'))!;
    expect(path(first)).toBe(`/videos?gender=f,c&guest_id=${localStorage.getItem('flick.guestId')}`);
    await waitFor(() => expect(api.calls.some((call) => call.url === '/v1/videos?gender=f,c&cursor=p2')).toBe(true));
    screen.getByRole('slider', { name: 'Seek' });
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    await waitFor(() => expect(screen.queryAllByText('Clip 2').some((node) => !node.closest('[aria-hidden=true]'))).toBe(true));
  });

  it('likes with a local count and the guest id, and remembers it for a reload', async () => {
    const api = mockApi({
      'GET /v1/videos': () => page([videoOf({ id: 1, likeCount: 80 })]),
      'POST /v1/video-like': () => json({ isLiked: true, likeCount: 81 }),
    });
    renderApp('/');
    fireEvent.click(await stage());
    const unlike = screen.getByRole('button', { name: 'Unlike, 81' });
    expect(unlike.textContent).toContain('81');
    const like = api.calls.find((call) => call.url === '/v1/video-like');
    expect(like?.body).toEqual({ video_id: 1, type: 'add', guest_id: localStorage.getItem('flick.guestId') });
    expect(JSON.parse(localStorage.getItem('flick.likedVideos') ?? '[]')).toEqual([1]);
  });

  it('sends a region-blocked feed to /content-blocked', async () => {
    mockApi({ 'GET /v1/videos': () => json({ message: 'Not available in your region.' }, 403) });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Content Blocked' }, { timeout: 5000 });
    screen.getByText('Content Unavailable in Your Region');
  });

  it('applies the preferences: another category refetches the feed', async () => {
    const api = mockApi({ 'GET /v1/videos': () => page(clips(1, 2)), 'GET /v1/tags': () => page([]) });
    renderApp('/');
    await stage();
    fireEvent.click(screen.getByRole('button', { name: 'Preferences' }));
    const sheet = screen.getByRole('dialog', { name: 'Preferences' });
    fireEvent.click(within(sheet).getByRole('checkbox', { name: 'Guys' }));
    await waitFor(() => expect(api.calls.some((call) => call.url.startsWith('/v1/videos?gender=f,c,m'))).toBe(true));
    expect(JSON.parse(localStorage.getItem('flick.preferencesCategory') ?? '[]')).toEqual(['f', 'c', 'm']);
  });
});

describe('preferences of a signed-in viewer', () => {
  it('saves a category change with the account too (POST /profile preference), not only in this browser', async () => {
    signIn();
    const api = mockApi({
      'GET /v1/videos': () => page(clips(1, 2)),
      'GET /v1/tags': () => page([]),
      'POST /v1/profile': (call) => json({ message: 'Saved', user: { ...profileUser(), preference: (call.body as { preference: string[] }).preference } }),
    });
    renderApp('/');
    await stage();
    fireEvent.click(screen.getByRole('button', { name: 'Preferences' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Preferences' })).getByRole('checkbox', { name: 'Trans' }));
    await waitFor(() => expect(api.calls.find((call) => call.url === '/v1/profile')?.body).toEqual({ preference: ['f', 'c', 't'] }));
  });
});

describe('report flow (viewer.md §4, §5, §8)', () => {
  it('selects Report, shows each rule in order, and confirms once sent', async () => {
    let answer = () => json({ message: 'Invalid', errors: { message: ['Description is required.'] } }, 422);
    mockApi({ 'GET /v1/videos': () => page(clips(1, 1)), 'POST /v1/report-video': () => answer() });
    renderApp('/');
    await stage();
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    // The sheet changes its content in place: the focus stays in it, not on the page.
    expect(screen.getByRole('dialog', { name: 'Report video' }).contains(document.activeElement)).toBe(true);
    const send = await screen.findByRole('button', { name: 'Send report' });
    const alert = () => screen.getByRole('alert').textContent;
    fireEvent.click(send);
    expect(alert()).toBe('Missing email.');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.click(send);
    expect(alert()).toBe('Invalid email.');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'viewer@example.com' } });
    fireEvent.click(send);
    expect(alert()).toBe('Please choose a reason.');
    fireEvent.click(screen.getByLabelText('Spam or misleading'));
    fireEvent.click(send);
    expect(alert()).toBe('Description is required.');
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Not the advertised content' } });
    fireEvent.click(send);
    await waitFor(() => expect(alert()).toBe('Description is required.'));
    answer = () => json({ message: 'Report sent.' }, 201);
    fireEvent.click(send);
    await screen.findByText('Thank you. Our team will review this video.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Done' }));
  });
});

describe('profile panel (viewer.md §2, §4)', () => {
  it('opens from the avatar with totals and links, and sends a guest who follows to /register', async () => {
    const links = [{ id: 3, url: 'https://cams.example/mia', name: 'My cam room', icon: null, isLive: true, isImportant: true }];
    const api = mockApi({
      'GET /v1/videos': () => page(clips(1, 1)),
      'GET /v1/users/7': () => json({ data: creator({ links, isLive: true }) }),
      'POST /v1/link-click': () => json({ message: 'Recorded.' }, 201),
      'GET /v1/config': () => json(fullConfig),
    });
    const { router } = renderApp('/');
    await stage();
    startPlaying();
    // A live creator: the live chip leads to the live room, the live avatar to the live-cams page.
    const chip = await screen.findByRole('link', { name: /LIVE now · My cam room/ });
    expect(chip.getAttribute('href')).toBe('https://cams.example/mia');
    expect((await screen.findByRole('link', { name: 'Mia Rose is live: Live Cams' })).getAttribute('href')).toBe(fullConfig.livecamsUrl);
    fireEvent.click(screen.getAllByRole('button', { name: '@mia_rose' })[0]!);
    const panel = await screen.findByRole('dialog', { name: 'Creator profile' });
    within(panel).getByText('1.3M');
    within(panel).getByText("I'm on right now 👇");
    const link = within(panel).getByRole('link', { name: /My cam room/ });
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(api.calls.find((call) => call.url === '/v1/link-click')?.body).toMatchObject({ link_id: 3, is_live: true, link_location: 'feed-panel' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });

  it('flips Follow only after the server agrees', async () => {
    signIn();
    let status = 500;
    mockApi({
      'GET /v1/videos': () => page([videoOf({ id: 1, userId: 8, user: { id: 8, slug: 'lena', name: 'Lena', avatar: null } })]),
      'GET /v1/users/8': () => json({ data: creator({ id: 8, slug: 'lena', name: 'Lena' }) }),
      'POST /v1/follow-model': () => json({ message: 'Following', isFollowing: true, totalFollowers: 981 }, status),
    });
    renderApp('/');
    await stage();
    fireEvent.click(screen.getAllByRole('button', { name: '@lena' })[0]!);
    const panel = await screen.findByRole('dialog', { name: 'Creator profile' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Follow' }).hasAttribute('disabled')).toBe(false));
    status = 201;
    fireEvent.click(within(panel).getByRole('button', { name: 'Follow' }));
    await within(panel).findByRole('button', { name: 'Following' });
  });
});

describe('start route (viewer.md §2)', () => {
  it('shows the not-found screen for an unknown video', async () => {
    mockApi({ 'GET /v1/videos/start/99': () => json({ message: 'Video not found.' }, 404) });
    renderApp('/video/99/some-slug');
    await screen.findByRole('heading', { name: 'Page Not Found' }, { timeout: 5000 });
  });
});

describe('hints and prompts never hold the swipe', () => {
  /** A finger drawn upwards from `on`, as the browser reports it: pointer events with a touch id. */
  function swipeUpOn(on: Element) {
    const at = (y: number) => ({ pointerId: 7, isPrimary: true, pointerType: 'touch', button: 0, clientX: 160, clientY: y });
    fireEvent.pointerDown(on, at(520));
    for (const y of [480, 420, 360, 300]) fireEvent.pointerMove(on, at(y));
    fireEvent.pointerUp(on, at(300));
  }
  const onScreen = (title: string) => screen.queryAllByText(title).some((node) => !node.closest('[aria-hidden=true]'));

  it('moves on with a swipe made on the swipe-left hint, which then makes way for this visit', { timeout: 40_000 }, async () => {
    localStorage.removeItem('flick.feedHint.swipeUp');
    localStorage.removeItem('flick.feedHint.swipeLeft');
    mockApi({ 'GET /v1/videos': () => page(clips(1, 4)), 'GET /v1/users/7': () => json({ data: creator() }) });
    renderApp('/');
    swipeUpOn(await screen.findByText('Swipe up for next video', {}, { timeout: 15_000 }));
    await waitFor(() => expect(onScreen('Clip 2')).toBe(true));
    const hint = screen.getByText('Swipe left to open profile');
    swipeUpOn(hint);
    await waitFor(() => expect(onScreen('Clip 3')).toBe(true));
    expect(screen.queryByText('Swipe left to open profile')).toBeNull();
    expect(localStorage.getItem('flick.feedHint.swipeLeft')).toBeNull();
  });

  it('moves on with a swipe made on the rating prompt, and closes it', { timeout: 40_000 }, async () => {
    mockApi({ 'GET /v1/videos': () => page(clips(1, 4)), 'GET /v1/users/7': () => json({ data: creator() }) });
    renderApp('/');
    // Like or Unlike: an earlier test of this file liked the first clip, and likes are remembered.
    await screen.findByRole('button', { name: /^(Like|Unlike), / }, { timeout: 15_000 });
    // Two unrated videos viewed bring the prompt (viewer.md §4): jsdom says each played a moment.
    const watch = () => {
      const video = document.querySelector<HTMLVideoElement>('[data-video-id]:not([aria-hidden=true]) video')!;
      let time = 0;
      Object.defineProperty(video, 'currentTime', { configurable: true, get: () => time, set: (value: number) => (time = value) });
      for (const at of [0.6, 1.2]) {
        time = at;
        fireEvent.timeUpdate(video);
      }
    };
    startPlaying();
    watch();
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    await waitFor(() => expect(onScreen('Clip 2')).toBe(true));
    startPlaying();
    watch();
    const prompt = await screen.findByRole('dialog', { name: 'How was this video?' });
    swipeUpOn(within(prompt).getByText('Your rating shapes what you see next.'));
    await waitFor(() => expect(onScreen('Clip 3')).toBe(true));
    expect(screen.queryByRole('dialog', { name: 'How was this video?' })).toBeNull();
  });
});

describe('the boot player’s video (ADR 0019)', () => {
  /** The layer app/boot-player.js leaves where the shell of "/" carried a page (native HLS: its source set). */
  function bootLayer(videoId: number) {
    const layer = document.createElement('div');
    layer.id = 'flick-boot';
    const video = document.createElement('video');
    video.dataset.bootVideo = String(videoId);
    video.dataset.bootSrc = `/media/videos/${videoId}/master.m3u8`;
    video.src = video.dataset.bootSrc;
    layer.append(video);
    document.body.append(layer);
    return video;
  }

  it('is adopted by the first slot when it plays the feed’s first video: the same element, its source kept, its layer gone', async () => {
    mockApi({ 'GET /v1/videos': () => page(clips(1, 3)) });
    const started = bootLayer(1);
    renderApp('/');
    await stage();
    const onScreen = document.querySelector('.feed-stage [data-video-id="1"] video');
    expect(onScreen).toBe(started);
    expect(started.getAttribute('src')).toBe('/media/videos/1/master.m3u8');
    expect(started.className).toBe('size-full object-cover');
    expect(document.getElementById('flick-boot')).toBeNull();
    // It is the slot's element from then on: the feed moves on as usual.
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    await waitFor(() => expect(screen.queryAllByText('Clip 2').some((node) => !node.closest('[aria-hidden=true]'))).toBe(true));
  });

  it('is let go when the feed starts with another video: it stops loading and its layer goes', async () => {
    mockApi({ 'GET /v1/videos': () => page(clips(5, 2)) });
    const started = bootLayer(1);
    renderApp('/');
    await stage();
    expect(document.getElementById('flick-boot')).toBeNull();
    expect(started.hasAttribute('src')).toBe(false);
    expect(document.querySelector('.feed-stage [data-video-id="5"] video')).not.toBe(started);
  });

  it('is let go when the feed has no videos', async () => {
    mockApi({ 'GET /v1/videos': () => page([]) });
    const started = bootLayer(1);
    renderApp('/');
    await waitFor(() => expect(document.getElementById('flick-boot')).toBeNull());
    expect(started.hasAttribute('src')).toBe(false);
  });
});

describe('the video a swipe brings in starts under the finger (swipe to playing)', () => {
  const at = (y: number) => ({ pointerId: 9, isPrimary: true, pointerType: 'touch', button: 0, clientX: 160, clientY: y });
  const slotVideo = (id: number) => document.querySelector<HTMLVideoElement>(`.feed-stage [data-video-id="${id}"] video`)!;
  /** The feed on screen has started, and the next video has buffered its start (jsdom loads nothing). */
  async function feedWithNextBuffered() {
    mockApi({ 'GET /v1/videos': () => page(clips(1, 4)), 'GET /v1/users/7': () => json({ data: creator() }) });
    renderApp('/');
    await stage();
    startPlaying();
    await waitFor(() => expect(slotVideo(2)).not.toBeNull());
    const next = slotVideo(2);
    Object.defineProperty(next, 'readyState', { configurable: true, get: () => 4 });
    return next;
  }
  const calledOn = (spy: MockInstance, element: HTMLVideoElement) => spy.mock.contexts.filter((context) => context === element).length;

  it('plays the next video once a drag up passes the swipe threshold, and it plays on when the swipe lands', async () => {
    const { play, pause } = stubMedia();
    const next = await feedWithNextBuffered();
    const stageElement = document.querySelector('.feed-stage')!;
    fireEvent.pointerDown(stageElement, at(520));
    fireEvent.pointerMove(stageElement, at(500));
    expect(calledOn(play, next)).toBe(0);
    fireEvent.pointerMove(stageElement, at(470));
    await waitFor(() => expect(calledOn(play, next)).toBe(1));
    const pausesBefore = calledOn(pause, next);
    fireEvent.pointerUp(stageElement, at(300));
    await waitFor(() => expect(screen.queryAllByText('Clip 2').some((node) => !node.closest('[aria-hidden=true]'))).toBe(true));
    expect(calledOn(pause, next)).toBe(pausesBefore);
  });

  it('plays on from where the finger brought it when the swipe lands, and the video left behind starts from its beginning when swiped back to', async () => {
    stubMedia();
    const next = await feedWithNextBuffered();
    const left = slotVideo(1);
    // jsdom plays nothing: each video's time as a browser would have it when the finger lifts.
    const times = new Map<HTMLVideoElement, number>([
      [left, 3.2],
      [next, 0.4],
    ]);
    for (const video of [left, next]) {
      Object.defineProperty(video, 'currentTime', { configurable: true, get: () => times.get(video), set: (value: number) => times.set(video, value) });
    }
    const stageElement = document.querySelector('.feed-stage')!;
    fireEvent.pointerDown(stageElement, at(520));
    fireEvent.pointerMove(stageElement, at(470));
    fireEvent.pointerUp(stageElement, at(300));
    await waitFor(() => expect(screen.queryAllByText('Clip 2').some((node) => !node.closest('[aria-hidden=true]'))).toBe(true));
    // Once it has slid off screen, the video left behind is back at its start; the one on screen never went there.
    await waitFor(() => expect(times.get(left)).toBe(0));
    expect(times.get(next)).toBe(0.4);
  });

  it('pauses it again at its start when the drag is let go short of a swipe', async () => {
    const { play, pause } = stubMedia();
    const next = await feedWithNextBuffered();
    let time = 0.4;
    Object.defineProperty(next, 'currentTime', { configurable: true, get: () => time, set: (value: number) => (time = value) });
    const stageElement = document.querySelector('.feed-stage')!;
    fireEvent.pointerDown(stageElement, at(520));
    fireEvent.pointerMove(stageElement, at(470));
    await waitFor(() => expect(calledOn(play, next)).toBe(1));
    const pausesBefore = calledOn(pause, next);
    fireEvent.pointerMove(stageElement, at(510));
    await waitFor(() => expect(calledOn(pause, next)).toBe(pausesBefore + 1));
    expect(time).toBe(0);
    fireEvent.pointerUp(stageElement, at(510));
    expect(screen.queryAllByText('Clip 1').some((node) => !node.closest('[aria-hidden=true]'))).toBe(true);
  });
});

describe('the end of a feed (issue 32)', () => {
  const onScreen = (text: string) => screen.queryAllByText(text).some((node) => !node.closest('[aria-hidden=true]'));
  // viewer.md §9: the arrow keys move at most once per 500 ms.
  const nextByKey = async () => {
    await new Promise((resolve) => setTimeout(resolve, 520));
    fireEvent.keyDown(window, { key: 'ArrowDown' });
  };

  it('a move past the home feed’s last video says the viewer is all caught up, and offers where to go next', async () => {
    mockApi({ 'GET /v1/videos': () => page(clips(1, 2)), 'GET /v1/users/7': () => json({ data: creator() }) });
    renderApp('/');
    await stage();
    await nextByKey();
    await waitFor(() => expect(onScreen('Clip 2')).toBe(true));
    expect(screen.queryByRole('status', { name: "You're all caught up" })).toBeNull();
    await nextByKey();
    const end = await screen.findByRole('status', { name: "You're all caught up" });
    expect(within(end).getByRole('link', { name: 'Discover creators' }).getAttribute('href')).toBe('/discover');
    // The home feed is the recommendations: nothing to send the viewer to there.
    expect(within(end).queryByRole('link', { name: 'Recommended videos' })).toBeNull();
    fireEvent.click(within(end).getByRole('button', { name: 'Watch from the start' }));
    await waitFor(() => expect(onScreen('Clip 1')).toBe(true));
    expect(screen.queryByRole('status', { name: "You're all caught up" })).toBeNull();
  });

  it('a tag’s feed goes on with the recommended videos once its own have run out, and says so', async () => {
    const api = mockApi({
      'GET /v1/tags/5/videos': () => page(clips(1, 2)),
      // The recommended videos repeat one of the tag's: it is not shown twice.
      'GET /v1/videos': () => page([...clips(2, 1), ...clips(30, 2)]),
      'GET /v1/users/7': () => json({ data: creator() }),
    });
    renderApp('/tag/5/feed');
    await stage();
    await waitFor(() => expect(api.calls.some((call) => call.url.startsWith('/v1/videos?gender='))).toBe(true));
    await nextByKey();
    await waitFor(() => expect(onScreen('Clip 2')).toBe(true));
    expect(screen.queryByText("You're all caught up · Recommended videos")).toBeNull();
    await nextByKey();
    await waitFor(() => expect(onScreen('Clip 30')).toBe(true));
    screen.getByText("You're all caught up · Recommended videos");
    await nextByKey();
    await waitFor(() => expect(onScreen('Clip 31')).toBe(true));
    expect(screen.queryByText("You're all caught up · Recommended videos")).toBeNull();
  });
});

describe('rating the video on screen on demand (viewer.md §2, §4)', () => {
  it('More actions offers “Rate video”, which opens the rate-video modal for the video on screen', async () => {
    signIn();
    const api = mockApi({
      'GET /v1/videos': () => page(clips(1, 3)),
      'GET /v1/users/7': () => json({ data: creator() }),
      'POST /v1/video-rating/rate': () => json({ message: 'Video rated' }),
    });
    renderApp('/');
    await stage();
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Rate video' }));
    const modal = await screen.findByRole('dialog', { name: 'How was this video?' });
    fireEvent.click(
      within(modal)
        .getAllByRole('button')
        .find((button) => button.getAttribute('aria-label') === 'Love it')!,
    );
    await waitFor(() => expect(api.calls.find((call) => call.url === '/v1/video-rating/rate')?.body).toMatchObject({ video_id: 1 }));
  });

  it('the rating feed has a Rate button beside the video', async () => {
    signIn();
    mockApi({ 'GET /v1/video-rating/unrated': () => page(clips(1, 2)), 'GET /v1/users/7': () => json({ data: creator() }) });
    renderApp('/videos-rating/feed');
    await stage();
    fireEvent.click(screen.getByRole('button', { name: 'Rate video' }));
    await screen.findByRole('dialog', { name: 'How was this video?' });
  });
});
