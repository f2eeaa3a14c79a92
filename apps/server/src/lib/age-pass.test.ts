import { describe, expect, it } from 'vitest';
import { AGE_PASS_COOKIE, agePasses, cookieValue } from './age-pass.ts';

const KEY = 'k'.repeat(40);
const at = (iso: string) => new Date(iso).getTime();

describe('a browser’s age pass', () => {
  const now = at('2026-11-28T12:00:00Z');
  const passes = agePasses(KEY, { now: () => now });
  const until = new Date('2026-12-28T12:00:00Z');

  it('is read back as issued, with its kind and end', () => {
    const cookie = `${AGE_PASS_COOKIE}=${passes.issue('assured', until)}`;
    expect(passes.read(`theme=dark; ${cookie}`)).toEqual({ kind: 'assured', until });
  });

  it('is refused when its kind or end was changed, or it was signed by another key', () => {
    const value = passes.issue('declared', until);
    expect(passes.read(`${AGE_PASS_COOKIE}=${value.replace('declared', 'assured')}`)).toBeNull();
    expect(passes.read(`${AGE_PASS_COOKIE}=${value.replace(/\.(\d+)\./, (_, s: string) => `.${Number(s) + 86_400}.`)}`)).toBeNull();
    expect(agePasses('x'.repeat(40), { now: () => now }).read(`${AGE_PASS_COOKIE}=${value}`)).toBeNull();
  });

  it('is refused once expired', () => {
    const later = agePasses(KEY, { now: () => until.getTime() + 1000 });
    expect(later.read(`${AGE_PASS_COOKIE}=${passes.issue('assured', until)}`)).toBeNull();
  });

  it('ignores what is not a pass: nothing, garbage, NUL bytes, a huge header', () => {
    expect(passes.read(undefined)).toBeNull();
    expect(passes.read(`${AGE_PASS_COOKIE}=1.assured.9999999999.${'A'.repeat(43)}`)).toBeNull();
    expect(passes.read(`${AGE_PASS_COOKIE}=1.assured\u0000.1.x`)).toBeNull();
    expect(passes.read(`a=${'b'.repeat(9000)}; ${AGE_PASS_COOKIE}=${passes.issue('assured', until)}`)).toBeNull();
  });

  it('is set HttpOnly and SameSite=Lax, Secure over https, for as long as it lasts', () => {
    expect(passes.setCookie('assured', until, true)).toMatch(
      new RegExp(`^${AGE_PASS_COOKIE}=1\\.assured\\.\\d+\\.[\\w-]{43}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure$`),
    );
    expect(passes.setCookie('declared', until, false)).not.toContain('Secure');
  });

  it('finds a cookie by its exact name only', () => {
    expect(cookieValue('xflick_age=1; flick_age=2', 'flick_age')).toBe('2');
    expect(cookieValue('flick_agex=1', 'flick_age')).toBeUndefined();
  });
});
