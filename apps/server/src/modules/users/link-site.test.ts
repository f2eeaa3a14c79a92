import { describe, expect, it } from 'vitest';
import { linkIcon, linkName, linkSite } from './link-site.ts';

describe('link sites', () => {
  it('take the host without www, with or without a scheme', () => {
    expect(linkSite('https://www.Chaturbate.com/lunavega')).toBe('chaturbate.com');
    expect(linkSite('onlyfans.com/mia')).toBe('onlyfans.com');
    expect(linkSite('not a url')).toBeNull();
  });

  it('derive the icon key and a name from the site', () => {
    expect(linkIcon('chaturbate.com')).toBe('chaturbate');
    expect(linkName('stripchat.com')).toBe('Stripchat');
  });
});
