import { describe, expect, it } from 'vitest';
import { browserCountry } from './browser-country.ts';

describe('the country a registration sends (accounts.md §3)', () => {
  it("is the region of the first of the browser's languages that names one", () => {
    expect(browserCountry(['de-AT', 'de', 'en-US'])).toBe('AT');
    expect(browserCountry(['fr', 'pt-BR'])).toBe('BR');
  });

  it('is nothing when no language names a country: none is guessed', () => {
    expect(browserCountry(['de', 'en'])).toBeUndefined();
    expect(browserCountry([])).toBeUndefined();
  });

  it('skips what is not a country (a UN region, a broken tag)', () => {
    expect(browserCountry(['es-419', 'not a tag!', 'es-MX'])).toBe('MX');
  });
});
