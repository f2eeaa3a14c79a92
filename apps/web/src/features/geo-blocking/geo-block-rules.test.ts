import { geoMessages, type GeoRegion } from '@flick/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api-client.ts';
import { addFailureMessage, decideAdd, listFailureMessage } from './geo-block-rules.ts';

const regions: GeoRegion[] = [
  { name: 'California', countryCode: 'US', regionCode: 'CA' },
  { name: 'Ontario', countryCode: 'CA', regionCode: 'ON' },
];
const listed = [
  { country_code: 'DE', region_code: null },
  { country_code: 'US', region_code: 'CA' },
];

describe('adding a blocked place (accounts.md §5)', () => {
  it('does nothing with an empty country code, or an empty region code', () => {
    expect(decideAdd(listed, { country_code: '' }, regions)).toEqual({ action: 'ignore', why: 'empty' });
    expect(decideAdd(listed, { country_code: 'US', region_code: '' }, regions)).toEqual({ action: 'ignore', why: 'empty' });
  });

  it('does nothing when the same country and region are already listed, without case', () => {
    expect(decideAdd(listed, { country_code: 'de' }, regions)).toEqual({ action: 'ignore', why: 'listed' });
    expect(decideAdd(listed, { country_code: 'us', region_code: 'ca' }, regions)).toEqual({ action: 'ignore', why: 'listed' });
  });

  it('adds a country beside one of its regions, and a region of a country listed whole', () => {
    expect(decideAdd(listed, { country_code: 'US' }, regions)).toEqual({ action: 'add', block: { country_code: 'US', region_code: null } });
    expect(decideAdd([{ country_code: 'CA', region_code: null }], { country_code: 'CA', region_code: 'ON' }, regions)).toEqual({
      action: 'add',
      block: { country_code: 'CA', region_code: 'ON' },
    });
  });

  it('says "Error: Unknown region." for a region code the region list does not have', () => {
    expect(decideAdd(listed, { country_code: 'US', region_code: 'ZZ' }, regions)).toEqual({ action: 'error', message: geoMessages.unknownRegion });
    // A real region code, of another country.
    expect(decideAdd(listed, { country_code: 'US', region_code: 'ON' }, regions)).toEqual({ action: 'error', message: geoMessages.unknownRegion });
  });
});

describe('geo-blocking messages (accounts.md §8)', () => {
  it('shows the server’s 422 word, else "Error: Could not add to the blocked list."', () => {
    expect(addFailureMessage(new ApiError(422, geoMessages.unknownRegion))).toBe(geoMessages.unknownRegion);
    expect(addFailureMessage(new ApiError(500, 'Something went wrong, try again later.'))).toBe(geoMessages.addFailed);
    expect(addFailureMessage(new ApiError(0, NETWORK_ERROR_MESSAGE))).toBe(geoMessages.addFailed);
  });

  it('tells a list that answered with an error from a list that got no answer', () => {
    expect(listFailureMessage(new ApiError(500, 'Server error'))).toBe(geoMessages.listNotOk);
    expect(listFailureMessage(new Error('invalid answer'))).toBe(geoMessages.listNotOk);
    expect(listFailureMessage(new ApiError(0, NETWORK_ERROR_MESSAGE))).toBe(geoMessages.listException);
  });
});
