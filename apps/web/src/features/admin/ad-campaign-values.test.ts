import { adminAdCampaignCreateSchema, adminAdCampaignUpdateSchema, adMessages } from '@flick/contract';
import { describe, expect, it } from 'vitest';
import { campaignValues, checkCampaign, countriesFrom } from './ad-campaign-values.ts';
import { localDateTime } from './ad-format.ts';
import { adCampaign } from './testing/admin-fixtures.ts';

const filled = { ...campaignValues(), advertiser: 'Velvet Toys', name: 'Spring sale' };

describe('the campaign form', () => {
  it('reads countries split by commas or spaces, uppercased, each once', () => {
    expect(countriesFrom(' us, de  fr,US;gb ')).toEqual(['US', 'DE', 'FR', 'GB']);
    expect(countriesFrom('  ')).toEqual([]);
  });

  it('sends a new campaign without a start to start now, with no caps, and weight 100', () => {
    expect(checkCampaign(adminAdCampaignCreateSchema, filled).data).toEqual({
      advertiser: 'Velvet Toys',
      name: 'Spring sale',
      endsAt: null,
      dailyCap: null,
      totalCap: null,
      frequencyCap: null,
      categories: [],
      countries: [],
      placements: [],
      weight: 100,
    });
  });

  it('reads caps with thousands separators, and says plainly what is no cap or weight', () => {
    expect(checkCampaign(adminAdCampaignCreateSchema, { ...filled, totalCap: '100,000' }).data?.totalCap).toBe(100_000);
    expect(checkCampaign(adminAdCampaignCreateSchema, { ...filled, dailyCap: '0', frequencyCap: '2.5', weight: '' }).problems?.fields).toEqual({
      dailyCap: 'A cap is a whole number above 0; leave it empty for none.',
      frequencyCap: 'A cap is a whole number above 0; leave it empty for none.',
      weight: 'The weight is a whole number from 1 to 1000.',
    });
  });

  it('refuses a country that is no two-letter code, and an end before the start, for a new campaign and a change alike', () => {
    expect(checkCampaign(adminAdCampaignCreateSchema, { ...filled, countries: 'US, USA' }).problems?.fields).toEqual({
      countries: 'Countries are two-letter codes, such as US.',
    });
    const backwards = { ...filled, startsAt: '2026-04-02T09:00', endsAt: '2026-04-01T09:00' };
    expect(checkCampaign(adminAdCampaignCreateSchema, backwards).problems?.fields).toEqual({ endsAt: adMessages.datesOrder });
    expect(checkCampaign(adminAdCampaignUpdateSchema, backwards, adCampaign()).problems?.fields).toEqual({ endsAt: adMessages.datesOrder });
  });

  it('fills an existing campaign’s form, and keeps the exact moment of a date left as shown', () => {
    const campaign = adCampaign({ startsAt: '2026-03-01T09:00:30.250Z', endsAt: null });
    const values = campaignValues(campaign);
    expect(values).toMatchObject({
      startsAt: localDateTime(campaign.startsAt),
      endsAt: '',
      dailyCap: '5000',
      countries: 'US, DE',
      categories: ['f', 't'],
      placements: ['sidebar', 'right-panel-top'],
    });
    expect(checkCampaign(adminAdCampaignUpdateSchema, values, campaign).data).toMatchObject({ startsAt: '2026-03-01T09:00:30.250Z', endsAt: null });
    expect(checkCampaign(adminAdCampaignUpdateSchema, { ...values, startsAt: '2026-03-02T10:00' }, campaign).data?.startsAt).toBe(
      new Date(2026, 2, 2, 10, 0).toISOString(),
    );
  });
});
