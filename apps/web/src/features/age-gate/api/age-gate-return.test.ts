import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './age-gate-return.ts';

describe('where the age gate sends the viewer back', () => {
  it('keeps a path of this app', () => {
    expect(safeReturnTo('/discover?x=1')).toBe('/discover?x=1');
    expect(safeReturnTo('/tag/3')).toBe('/tag/3');
  });

  it('goes home for anything else: another site, a protocol-relative address, a script, the gate itself, nothing', () => {
    for (const value of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/a b', '/age-check?returnTo=/', '', null, undefined]) {
      expect(safeReturnTo(value), String(value)).toBe('/');
    }
  });
});
