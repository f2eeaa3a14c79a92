import { describe, expect, it } from 'vitest';
import { formatEnglish } from './index.ts';
import { createI18n } from './translator.ts';

describe('an English message with no catalogue (the source locale)', () => {
  const i18n = createI18n('en');

  it('comes back as written', () => {
    expect(i18n._('You’re all caught up')).toBe('You’re all caught up');
  });

  it('fills its placeholders and plurals', () => {
    expect(i18n._('Open this link to confirm: {link}', { link: 'https://x.test/a' })).toBe('Open this link to confirm: https://x.test/a');
    const videos = '{count, plural, one {# video} other {# videos}} left';
    expect(i18n._(videos, { count: 1 })).toBe('1 video left');
    expect(i18n._(videos, { count: 1200 })).toBe('1,200 videos left');
  });

  it('is formatted the same without Lingui’s runtime (the web app’s English)', () => {
    for (const [message, values] of [
      ['Open this link to confirm: {link}', { link: 'L' }],
      ['{count} of {total} uploaded', { count: 2, total: 3 }],
      ['Hello {name}', {}],
      ['Send {"rooms": []} as JSON.', {}],
    ] as const) {
      expect(formatEnglish(message, values), message).toBe(i18n._(message, values));
    }
  });

  it('keeps a brace that is not a placeholder as text', () => {
    expect(i18n._('Send {"rooms": []} as JSON.')).toBe('Send {"rooms": []} as JSON.');
  });
});

describe('a translated message', () => {
  it('comes from the locale’s catalogue, with its numbers in the locale’s own form', () => {
    const i18n = createI18n('de', { 'Open this link to confirm: {link}': ['Öffne diesen Link: ', ['link']] });
    expect(i18n._('Open this link to confirm: {link}', { link: 'L' })).toBe('Öffne diesen Link: L');
    expect(i18n.number(1234.5)).toBe('1.234,5');
  });

  it('falls back to the English text where the catalogue lacks it', () => {
    expect(createI18n('fr', {})._('Try again')).toBe('Try again');
  });
});
