import { geoMessages, type GeoBlockListResponse, type GeoPlacesResponse } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading, profileUser, signIn } from '../../../testing/accounts.ts';
import { type FetchCall, initializeApp, json, mockApi, renderApp } from '../../../testing/render-app.tsx';
import { flagUrl } from './flag-image.tsx';

const places: GeoPlacesResponse = {
  countries: [
    { code: 'CA', name: 'Canada' },
    { code: 'DE', name: 'Germany' },
    { code: 'GB', name: 'United Kingdom' },
    { code: 'US', name: 'United States of America' },
  ],
  regions: [
    { name: 'Ontario', countryCode: 'CA', regionCode: 'ON' },
    { name: 'England', countryCode: 'GB', regionCode: 'ENG' },
    { name: 'California', countryCode: 'US', regionCode: 'CA' },
    { name: 'Texas', countryCode: 'US', regionCode: 'TX' },
  ],
};

type Countries = GeoBlockListResponse['countries'];
type Responder = (call: FetchCall) => Response;

function openGeoBlocking(listed: Countries, handlers: { list?: Responder; add?: Responder; remove?: Responder } = {}) {
  const user = profileUser();
  let countries = listed;
  const change = (call: FetchCall, next: (block: Countries[number]) => Countries) => {
    const body = call.body as { country_code: string; region_code?: string | null };
    countries = next({ country_code: body.country_code, region_code: body.region_code ?? null });
    return json({ countries });
  };
  const api = mockApi({
    'GET /v1/profile': () => json({ user }),
    'GET /v1/geo/places': () => json(places),
    'GET /v1/profile/get-geo-blocked-countries': handlers.list ?? (() => json({ countries })),
    'POST /v1/profile/add-geo-blocked-country': handlers.add ?? ((call) => change(call, (block) => [...countries, block])),
    'POST /v1/profile/delete-geo-blocked-country':
      handlers.remove ??
      ((call) => change(call, (block) => countries.filter((entry) => entry.country_code !== block.country_code || entry.region_code !== block.region_code))),
  });
  signIn(user);
  initializeApp();
  const app = renderApp('/account/settings/geo-blocking');
  return { ...app, api, posts: () => api.calls.filter((call) => call.method === 'POST') };
}

const select = (name: string, value: string) => fireEvent.change(screen.getByLabelText(name), { target: { value } });
const sheet = () => within(screen.getByRole('dialog'));

describe('/account/settings/geo-blocking (accounts.md §2, §4, §5, §8)', () => {
  it('shows the intro, then each entry with its flag, country, and "Region: {name}" or "Entire country"', async () => {
    openGeoBlocking([
      { country_code: 'DE', region_code: null },
      { country_code: 'US', region_code: 'CA' },
    ]);
    await findScreenHeading('Geo blocking');
    screen.getByText(geoMessages.intro);
    const list = await screen.findByRole('list', { name: 'Blocked places' });
    const [germany, california] = within(list).getAllByRole('listitem');
    within(germany!).getByText('Germany');
    within(germany!).getByText(geoMessages.entireCountry);
    within(california!).getByText('United States of America');
    within(california!).getByText('Region: California');
    await waitFor(() => expect(germany!.querySelector('img')?.getAttribute('src')).toBe(flagUrl('DE')));
    within(california!).getByRole('button', { name: 'Remove California, United States of America' });
  });

  it('serves every flag itself, and leaves a code without one imageless', () => {
    for (const code of ['DE', 'us', 'GB']) expect(flagUrl(code)).toMatch(/flag-icons\/flags\/4x3\/[a-z]{2}\.svg/);
    expect(flagUrl('ZZ')).toBeUndefined();
  });

  it('adds a country from the Add Country sheet and shows the server’s list', async () => {
    const { posts } = openGeoBlocking([]);
    await screen.findByText('Nothing blocked: your content is shown in every country.');
    fireEvent.click(screen.getByRole('button', { name: 'Add Country' }));
    expect(sheet().getByRole('option', { name: 'Select' })).toBeTruthy();
    expect((sheet().getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);
    select('Country', 'DE');
    fireEvent.click(sheet().getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    within(screen.getByRole('list', { name: 'Blocked places' })).getByText('Germany');
    expect(posts().map((call) => [call.url, call.body])).toEqual([['/v1/profile/add-geo-blocked-country', { country_code: 'DE', region_code: null }]]);
  });

  it('adds a region with its country code and region code, choosing among the countries that have regions', async () => {
    const { posts } = openGeoBlocking([{ country_code: 'US', region_code: null }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Region' }));
    const countries = within(sheet().getByLabelText('Country'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(countries).toEqual(['Select', 'Canada', 'United Kingdom', 'United States of America']);
    expect((sheet().getByLabelText('Region') as HTMLSelectElement).disabled).toBe(true);
    select('Country', 'US');
    expect(
      within(sheet().getByLabelText('Region'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select', 'California', 'Texas']);
    select('Region', 'TX');
    fireEvent.click(sheet().getByRole('button', { name: 'Add' }));
    await screen.findByText('Region: Texas');
    expect(posts().at(-1)?.body).toEqual({ country_code: 'US', region_code: 'TX' });
  });

  it('does nothing for a place already listed, whatever its case', async () => {
    const { posts } = openGeoBlocking([
      { country_code: 'de', region_code: null },
      { country_code: 'us', region_code: 'ca' },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Country' }));
    select('Country', 'DE');
    fireEvent.click(sheet().getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Add Region' }));
    select('Country', 'US');
    select('Region', 'CA');
    fireEvent.click(sheet().getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toEqual([]);
    expect(within(screen.getByRole('list', { name: 'Blocked places' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows the server’s "Error: Unknown region." in the sheet', async () => {
    openGeoBlocking([], { add: () => json({ message: geoMessages.unknownRegion }, 422) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Region' }));
    select('Country', 'GB');
    select('Region', 'ENG');
    fireEvent.click(sheet().getByRole('button', { name: 'Add' }));
    expect((await sheet().findByRole('alert')).textContent).toBe(geoMessages.unknownRegion);
  });

  it('says "Error: Could not add to the blocked list." when an add fails, and keeps the sheet open', async () => {
    openGeoBlocking([], { add: () => json({ message: 'Down' }, 500) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Country' }));
    select('Country', 'CA');
    fireEvent.click(sheet().getByRole('button', { name: 'Add' }));
    expect((await sheet().findByRole('alert')).textContent).toBe(geoMessages.addFailed);
  });

  it('removes an entry and shows the server’s list; a failed remove says so', async () => {
    const { api } = openGeoBlocking([
      { country_code: 'DE', region_code: null },
      { country_code: 'US', region_code: 'CA' },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Germany' }));
    await waitFor(() => expect(screen.queryByText('Germany')).toBeNull());
    expect(api.calls.at(-1)?.body).toEqual({ country_code: 'DE', region_code: null });

    api.fetchMock.mockImplementation(async () => json({ message: 'Down' }, 500));
    fireEvent.click(screen.getByRole('button', { name: 'Remove California, United States of America' }));
    await screen.findByText(geoMessages.removeFailed);
    screen.getByText('Region: California');
  });

  it('says "Error: Could not get countries list" when the list answers with an error', async () => {
    openGeoBlocking([], { list: () => json({ message: 'Down' }, 404) });
    await screen.findByText(geoMessages.listNotOk);
  });

  it('says "Error: Could not fetch countries list" when the list gets no answer', async () => {
    openGeoBlocking([], {
      list: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await screen.findByText(geoMessages.listException, {}, { timeout: 10_000 });
  });

  it('sends a user back to settings', async () => {
    const user = profileUser({ type: 'user' });
    mockApi({ 'GET /v1/profile': () => json({ user }) });
    signIn(user);
    initializeApp();
    const { router } = renderApp('/account/settings/geo-blocking');
    await findScreenHeading('Settings');
    expect(router.state.location.pathname).toBe('/account/settings');
  });
});
