import { describe, expect, it } from 'vitest';
import { extractMessages } from '../tools/extract-messages.ts';

const ids = (code: string, file = 'screen.tsx') => extractMessages(file, code).map((found) => found.id);

describe('what the catalogues take from the code (issue 32)', () => {
  it('takes t(), msg() and both forms of plural()', () => {
    const code = `
      const tabs = [{ label: msg('Home') }];
      export function Tab() {
        return <p aria-label={t('Open menu')}>{plural(n, '{count} video', '{count} videos')} {i18n.t('Later')}</p>;
      }`;
    expect(ids(code)).toEqual(['Home', 'Open menu', '{count} video', '{count} videos', 'Later']);
  });

  it('takes every text of a …Messages table and of one marked @i18n, but not the values that name things', () => {
    const code = `
      export const feedMessages = { caughtUp: "You're all caught up", nested: { a: 'Nested' } } as const;
      /** The scale. @i18n */
      export const ratingOptions = [{ value: 1, emoji: '😴', label: 'Boring' }] as const;
      /** @i18n */
      export const NOT_FOUND = 'Page not found';
      export const paths = { home: '/' };`;
    expect(ids(code, 'feed.ts')).toEqual(["You're all caught up", 'Nested', 'Boring', 'Page not found']);
  });

  it('leaves a call with no literal alone, and a method that only shares a name', () => {
    expect(ids('t(message); plural(n, one, other); x.toString("not a message");')).toEqual([]);
  });
});
