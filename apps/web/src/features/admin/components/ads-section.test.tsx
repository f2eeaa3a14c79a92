import { adMessages, AD_IMAGE_MAX_BYTES, type AdminAdCampaign } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading } from '../../../testing/accounts.ts';
import { initializeApp, json, mockApi, renderApp, type FetchCall } from '../../../testing/render-app.tsx';
import { lastDays } from '../ad-format.ts';
import { adCampaign, adCreative, asAdmin } from '../testing/admin-fixtures.ts';

type Handlers = Record<string, (call: FetchCall) => Response | Promise<Response>>;

/** The Ads section at `path`, over a server that lists `campaigns` as they are at each request. */
function openAds(campaigns: AdminAdCampaign[], handlers: Handlers = {}, path = '/admin/ads') {
  const api = mockApi(asAdmin({ 'GET /v1/admin/ads/campaigns': () => json({ data: campaigns }), ...handlers }));
  initializeApp();
  renderApp(path);
  return api;
}

const rowOf = async (name: string) => (await screen.findByText(name, { selector: 'li span' })).closest('li')!;
const posted = (api: { calls: FetchCall[] }) => api.calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body]);
const factOf = (row: HTMLElement, label: string) => within(row).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const spring = adCampaign({
  creatives: [
    adCreative({ id: 11 }),
    adCreative({ id: 12, kind: 'video', width: 720, height: 1280, src: '/media/ads/3-12.mp4', durationSeconds: 15 }),
    adCreative({ id: 13, kind: 'vast', width: 1080, height: 1920, src: 'https://adserver.example/vast.xml', active: false }),
  ],
});
const winter = adCampaign({
  id: 2,
  name: 'Winter sale',
  status: 'ended',
  endedReason: 'Reached its end date',
  endsAt: '2026-02-01T00:00:00Z',
  dailyCap: null,
  totalCap: null,
  frequencyCap: null,
  categories: [],
  countries: [],
  placements: [],
  impressions: 0,
  clicks: 0,
  impressionsToday: 0,
  creatives: [],
});

describe('ad campaigns in the admin console', () => {
  it('lists each campaign with its status, targeting, caps, counts and CTR, and its creatives', async () => {
    openAds([spring, winter]);
    await findScreenHeading('Ads');
    const row = await rowOf('Spring sale');
    within(row).getByText('Active');
    within(row).getByText(/^Velvet Toys · #3 · created Feb 20, 2026/);
    expect(factOf(row, 'Impressions')).toBe('12,345');
    expect(factOf(row, 'Clicks')).toBe('321');
    expect(factOf(row, 'CTR')).toBe('2.6%');
    expect(factOf(row, 'Today')).toBe('410');
    expect(factOf(row, 'Weight')).toBe('100');
    expect(factOf(row, 'Runs')).toMatch(/^Mar 1, 2026, .+ → Mar 31, 2026, /);
    expect(factOf(row, 'Caps')).toBe('5,000 a day · 100,000 in all · 3 per viewer a day');
    expect(factOf(row, 'Categories')).toBe('Girls, Trans');
    expect(factOf(row, 'Countries')).toBe('US, DE');
    expect(factOf(row, 'Placements')).toBe('Sidebar, Right panel, top');
    expect(within(row).getByRole('link', { name: 'Report' }).getAttribute('href')).toBe('/admin/ads/report?campaign_id=3');
    expect(within(row).getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/admin/audit?target_type=ad-campaign&target_id=3');

    const creatives = within(within(row).getByRole('list', { name: 'Creatives of Spring sale' })).getAllByRole('listitem');
    expect(creatives[0]!.querySelector('img')?.getAttribute('src')).toBe('/media/ads/3-11.webp');
    within(creatives[0]!).getByText('300×250');
    const video = creatives[1]!.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/media/ads/3-12.mp4');
    expect(video.muted).toBe(true);
    within(creatives[1]!).getByText('720×1280 · 15 s');
    within(creatives[2]!).getByText('https://adserver.example/vast.xml');
    within(creatives[2]!).getByText('Stopped');
    within(creatives[2]!).getByRole('button', { name: 'Resume VAST tag #13' });

    const ended = await rowOf('Winter sale');
    within(ended).getByText('Ended');
    within(ended).getByText('Ended: Reached its end date. Resuming runs it again while its dates and caps allow.');
    expect(factOf(ended, 'CTR')).toBe('0.0%');
    expect(factOf(ended, 'Caps')).toBe('None');
    expect(factOf(ended, 'Countries')).toBe('Everywhere');
    expect(factOf(ended, 'Placements')).toBe('Every slot a creative fits');
    within(ended).getByText('No creative yet: the campaign shows once it has one.');
  });

  it('creates a campaign: its dates as ISO moments, its countries uppercased; the server’s field errors under their fields', async () => {
    const answers = [json({ message: 'The request is not valid.', errors: { weight: ['The weight is at most 1000.'] } }, 422), json(spring)];
    const api = openAds([], { 'POST /v1/admin/ads/campaigns': () => answers.shift()! });
    await screen.findByText('No campaign yet. Create one below, then add its creatives.');
    const form = screen.getByRole('form', { name: 'Create a campaign' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create campaign' }));
    within(form).getByText('Name the advertiser.');
    within(form).getByText('Name the campaign.');

    fireEvent.change(within(form).getByLabelText('Advertiser'), { target: { value: 'Velvet Toys' } });
    fireEvent.change(within(form).getByLabelText('Campaign name'), { target: { value: 'Spring sale' } });
    fireEvent.change(within(form).getByLabelText('Starts'), { target: { value: '2026-04-01T09:00' } });
    fireEvent.change(within(form).getByLabelText('Ends'), { target: { value: '2026-03-01T09:00' } });
    fireEvent.change(within(form).getByLabelText('Impressions a day'), { target: { value: 'lots' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create campaign' }));
    within(form).getByText(adMessages.datesOrder);
    within(form).getByText('A cap is a whole number above 0; leave it empty for none.');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Ends'), { target: { value: '2026-04-30T18:30' } });
    fireEvent.change(within(form).getByLabelText('Impressions a day'), { target: { value: '5,000' } });
    fireEvent.change(within(form).getByLabelText('Per viewer a day'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Weight'), { target: { value: '2000' } });
    fireEvent.change(within(form).getByLabelText('Countries'), { target: { value: 'us, de fr' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Trans' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Girls' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Sidebar' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create campaign' }));
    within(form).getByText('The weight is a whole number from 1 to 1000.');

    fireEvent.change(within(form).getByLabelText('Weight'), { target: { value: '1000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create campaign' }));
    await within(form).findByText('The weight is at most 1000.');
    expect(within(form).getByLabelText('Weight').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(within(form).getByLabelText('Weight'), { target: { value: '200' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create campaign' }));
    await screen.findByText('Spring sale created: it shows once it has a creative.');
    expect(within(form).getByLabelText('Advertiser')).toHaveProperty('value', '');
    const body = {
      advertiser: 'Velvet Toys',
      name: 'Spring sale',
      startsAt: new Date('2026-04-01T09:00').toISOString(),
      endsAt: new Date('2026-04-30T18:30').toISOString(),
      dailyCap: 5000,
      totalCap: null,
      frequencyCap: 3,
      categories: ['f', 't'],
      countries: ['US', 'DE', 'FR'],
      placements: ['sidebar'],
      weight: 200,
    };
    expect(posted(api)).toEqual([
      ['/v1/admin/ads/campaigns', { ...body, weight: 1000 }],
      ['/v1/admin/ads/campaigns', body],
    ]);
    expect(body.startsAt).toMatch(/^2026-0[34]-\d\dT\d\d:\d\d:00\.000Z$/);
  });

  it('edits a campaign in place, keeping the exact moment of a date it did not change', async () => {
    const api = openAds([spring], { 'POST /v1/admin/ads/campaigns/3': (call) => json({ ...spring, ...(call.body as object) }) });
    const row = await rowOf('Spring sale');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit Spring sale' }));
    const form = within(row).getByRole('form', { name: 'Edit Spring sale' });
    expect(within(form).getByLabelText('Countries')).toHaveProperty('value', 'US, DE');
    expect(within(form).getByRole('checkbox', { name: 'Right panel, top' })).toHaveProperty('checked', true);
    fireEvent.change(within(form).getByLabelText('Ends'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Impressions in all'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Sidebar' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save campaign' }));
    await screen.findByText('Campaign saved.');
    expect(posted(api)).toEqual([
      [
        '/v1/admin/ads/campaigns/3',
        {
          advertiser: 'Velvet Toys',
          name: 'Spring sale',
          startsAt: '2026-03-01T09:00:00Z',
          endsAt: null,
          dailyCap: 5000,
          totalCap: null,
          frequencyCap: 3,
          categories: ['f', 't'],
          countries: ['US', 'DE'],
          placements: ['right-panel-top'],
          weight: 100,
        },
      ],
    ]);
    expect(within(row).queryByRole('form')).toBeNull();
  });

  it('pauses a running campaign and resumes a paused one', async () => {
    const campaigns = [spring];
    const api = openAds(campaigns, {
      'POST /v1/admin/ads/campaigns/3': (call) => json((campaigns[0] = { ...spring, ...(call.body as { status: 'active' | 'paused' }) })),
    });
    const row = await rowOf('Spring sale');
    fireEvent.click(within(row).getByRole('button', { name: 'Pause Spring sale' }));
    await screen.findByText('Campaign paused: it shows nowhere until resumed.');
    await within(row).findByText('Paused');
    fireEvent.click(within(row).getByRole('button', { name: 'Resume Spring sale' }));
    await screen.findByText('Campaign running again.');
    await within(row).findByText('Active');
    expect(posted(api)).toEqual([
      ['/v1/admin/ads/campaigns/3', { status: 'paused' }],
      ['/v1/admin/ads/campaigns/3', { status: 'active' }],
    ]);
  });

  it('stops one creative', async () => {
    const campaigns = [spring];
    const api = openAds(campaigns, {
      'POST /v1/admin/ads/creatives/11': () =>
        json((campaigns[0] = { ...spring, creatives: spring.creatives.map((creative) => (creative.id === 11 ? { ...creative, active: false } : creative)) })),
    });
    const row = await rowOf('Spring sale');
    fireEvent.click(within(row).getByRole('button', { name: 'Stop Picture #11' }));
    await screen.findByText('Picture #11 stopped.');
    await within(row).findByRole('button', { name: 'Resume Picture #11' });
    expect(posted(api)).toEqual([['/v1/admin/ads/creatives/11', { active: false }]]);
  });
});

describe('creatives of a campaign', () => {
  const openAdding = async (handlers: Handlers = {}) => {
    const api = openAds([spring], handlers);
    fireEvent.click(within(await rowOf('Spring sale')).getByRole('button', { name: 'Add creative to Spring sale' }));
    return { api, form: screen.getByRole('form', { name: 'Upload a picture or video' }) };
  };

  it('sends a picture as the request body, with its own type, its click URL and slot in the query', async () => {
    const { api, form } = await openAdding({ 'POST /v1/admin/ads/campaigns/3/creatives': () => json(spring) });
    const picture = new File(['PNG'], 'spring.png', { type: 'image/png' });
    fireEvent.change(within(form).getByLabelText('Creative file for Spring sale'), { target: { files: [picture] } });
    within(form).getByText('spring.png');
    fireEvent.change(within(form).getByLabelText('Click URL'), { target: { value: 'https://velvet.example/spring?from=flick' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload creative' }));
    within(form).getByText('Choose the slot the picture is made for.');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Slot'), { target: { value: 'sidebar' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload creative' }));
    await screen.findByText('Picture added for Sidebar.');
    const [upload] = api.calls.filter((call) => call.method === 'POST');
    expect(upload?.url).toBe('/v1/admin/ads/campaigns/3/creatives?click_url=https%3A%2F%2Fvelvet.example%2Fspring%3Ffrom%3Dflick&placement=sidebar');
    expect(upload?.body).toBe(picture);
    expect(upload?.headers['Content-Type']).toBe('image/png');
  });

  it('refuses a file of another type, or one too large, without sending it', async () => {
    const { api, form } = await openAdding();
    const input = within(form).getByLabelText('Creative file for Spring sale');
    expect(input.getAttribute('accept')).toBe('image/png,image/jpeg,image/webp,video/mp4,video/webm,video/quicktime');

    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'banner.gif', { type: 'image/gif' })] } });
    expect((await within(form).findByRole('alert')).textContent).toBe(adMessages.imageType);

    fireEvent.change(input, { target: { files: [new File(['RIFF'], 'clip.avi', { type: 'video/x-msvideo' })] } });
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(adMessages.videoType));

    fireEvent.change(input, { target: { files: [new File([new Uint8Array(AD_IMAGE_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' })] } });
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(adMessages.imageTooLarge));
    within(form).getByText('No file chosen');

    fireEvent.change(within(form).getByLabelText('Click URL'), { target: { value: 'https://velvet.example/' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload creative' }));
    within(form).getByText('Choose a picture or a video.');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends a video for instream without a slot, and says so while the server checks it', async () => {
    let answer: (response: Response) => void = () => {};
    const { api, form } = await openAdding({ 'POST /v1/admin/ads/campaigns/3/creatives': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const clip = new File(['....ftyp'], 'spring.mp4', { type: 'video/mp4' });
    fireEvent.change(within(form).getByLabelText('Creative file for Spring sale'), { target: { files: [clip] } });
    expect(within(form).getByLabelText('Slot')).toHaveProperty('disabled', true);
    fireEvent.change(within(form).getByLabelText('Click URL'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload creative' }));
    within(form).getByText(adMessages.clickUrl);

    fireEvent.change(within(form).getByLabelText('Click URL'), { target: { value: 'https://velvet.example/' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload creative' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Uploading and checking the video…');
    expect(within(form).getByRole('button', { name: 'Upload creative' })).toHaveProperty('disabled', true);
    answer(json({ message: adMessages.videoTooLong }, 422));
    expect((await within(form).findByRole('alert')).textContent).toBe(adMessages.videoTooLong);
    const [upload] = api.calls.filter((call) => call.method === 'POST');
    expect(upload?.url).toBe('/v1/admin/ads/campaigns/3/creatives?click_url=https%3A%2F%2Fvelvet.example%2F');
    expect(upload?.body).toBe(clip);
    expect(upload?.headers['Content-Type']).toBe('video/mp4');
  });

  it('shows a video being made as processing, reads the list again until it is ready, and shows why one failed', async () => {
    const processing = adCreative({ id: 14, kind: 'video', width: 360, height: 640, src: null, durationSeconds: 2, state: 'processing' });
    const failed = adCreative({ id: 15, kind: 'video', width: 360, height: 640, src: null, durationSeconds: 2, state: 'failed', failure: adMessages.videoFailed });
    const campaign = adCampaign({ creatives: [processing, failed] });
    const lists = [campaign, campaign, adCampaign({ creatives: [{ ...processing, state: 'ready', src: '/media/ads/3-14.mp4' }, failed] })];
    const api = mockApi(asAdmin({ 'GET /v1/admin/ads/campaigns': () => json({ data: [lists.length > 1 ? lists.shift()! : lists[0]!] }) }));
    initializeApp();
    renderApp('/admin/ads');
    const creativesOf = async () => within(within(await rowOf('Spring sale')).getByRole('list', { name: 'Creatives of Spring sale' })).getAllByRole('listitem');
    const [first, second] = await creativesOf();
    expect(within(first!).getByRole('status').textContent).toBe('Processing… It shows once ready.');
    expect(first!.querySelector('video')).toBeNull();
    within(second!).getByText('Failed');
    expect(within(second!).getByRole('alert').textContent).toBe(adMessages.videoFailed);

    await waitFor(async () => expect((await creativesOf())[0]!.querySelector('video')?.getAttribute('src')).toBe('/media/ads/3-14.mp4'), { timeout: 8000 });
    expect(within((await creativesOf())[0]!).queryByRole('status')).toBeNull();
    const reads = api.calls.filter((call) => call.url === '/v1/admin/ads/campaigns').length;
    expect(reads).toBeGreaterThanOrEqual(3);
    // Ready: the list is not read again on a timer any more.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(api.calls.filter((call) => call.url === '/v1/admin/ads/campaigns').length).toBe(reads);
  }, 15_000);

  it("adds an outside ad server's VAST tag", async () => {
    const { api } = await openAdding({ 'POST /v1/admin/ads/campaigns/3/vast': () => json(spring) });
    const form = screen.getByRole('form', { name: 'Add a VAST tag' });
    fireEvent.change(within(form).getByLabelText('VAST tag URL'), { target: { value: 'adserver.example/vast.xml' } });
    fireEvent.change(within(form).getByLabelText('Click URL'), { target: { value: 'https://velvet.example/' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add VAST tag' }));
    within(form).getByText(adMessages.vastUrl);
    fireEvent.change(within(form).getByLabelText('VAST tag URL'), { target: { value: 'https://adserver.example/vast.xml' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add VAST tag' }));
    await screen.findByText('VAST tag added: it plays instream.');
    expect(posted(api)).toEqual([['/v1/admin/ads/campaigns/3/vast', { vastUrl: 'https://adserver.example/vast.xml', clickUrl: 'https://velvet.example/' }]]);
  });
});

describe('the ad report', () => {
  const rows = [
    { day: '2026-03-11', campaignId: 3, campaign: 'Spring sale', placement: 'sidebar', impressions: 2000, clicks: 52, ctr: 0.026 },
    { day: '2026-03-11', campaignId: 3, campaign: 'Spring sale', placement: 'video-middle-footer', impressions: 1000, clicks: 3, ctr: 0.003 },
    { day: '2026-03-10', campaignId: 2, campaign: 'Winter sale', placement: 'instream', impressions: 0, clicks: 0, ctr: 0 },
  ];

  it('shows the last 7 days per day, campaign and placement, CTR as a percentage, and the totals', async () => {
    const api = openAds([spring, winter], { 'GET /v1/admin/ads/report': () => json({ data: rows }) }, '/admin/ads/report');
    const table = await screen.findByRole('table');
    const { from, to } = lastDays(7);
    expect(api.calls.find((call) => call.url.startsWith('/v1/admin/ads/report'))?.url).toBe(`/v1/admin/ads/report?from=${from}&to=${to}`);
    expect(screen.getByLabelText('From')).toHaveProperty('value', from);
    expect(screen.getByLabelText('To')).toHaveProperty('value', to);

    const [head, ...body] = within(table).getAllByRole('row');
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Campaign', 'Placement', 'Impressions', 'Clicks', 'CTR']);
    const cells = body.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Wed, Mar 11, 2026', 'Spring sale', 'Sidebar', '2,000', '52', '2.6%'],
      ['Wed, Mar 11, 2026', 'Spring sale', 'Under the video', '1,000', '3', '0.3%'],
      ['Tue, Mar 10, 2026', 'Winter sale', 'Instream', '0', '0', '0.0%'],
      ['Total', '3,000', '55', '1.8%'],
    ]);
  });

  it('shows one campaign over the days chosen, in the address', async () => {
    const api = openAds([spring, winter], { 'GET /v1/admin/ads/report': () => json({ data: [] }) }, '/admin/ads/report');
    await screen.findByText('No impression was counted in these days.');
    const filter = screen.getByRole('search', { name: 'Filter the ad report' });
    fireEvent.change(within(filter).getByLabelText('From'), { target: { value: '2026-03-12' } });
    fireEvent.change(within(filter).getByLabelText('To'), { target: { value: '2026-03-01' } });
    fireEvent.click(within(filter).getByRole('button', { name: 'Show' }));
    within(filter).getByText('The last day cannot come before the first.');

    fireEvent.change(within(filter).getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(within(filter).getByLabelText('To'), { target: { value: '2026-03-12' } });
    await within(filter).findByRole('option', { name: 'Spring sale (Velvet Toys)' });
    fireEvent.change(within(filter).getByLabelText('Campaign'), { target: { value: '3' } });
    fireEvent.click(within(filter).getByRole('button', { name: 'Show' }));
    await screen.findByText('No impression was counted in these days for this campaign.');
    expect(api.calls.filter((call) => call.url.startsWith('/v1/admin/ads/report')).at(-1)?.url).toBe('/v1/admin/ads/report?from=2026-03-01&to=2026-03-12&campaign_id=3');
  });
});
