import { describe, expect, it } from 'vitest';
import { matchLocale, negotiateLocale } from './locales.ts';

describe('the locale a reader gets (issue 32: from Accept-Language)', () => {
  it('takes the first of Flick’s languages by q, then by order', () => {
    expect(negotiateLocale('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(negotiateLocale('it-IT, fr;q=0.5, es;q=0.7')).toBe('es');
    expect(negotiateLocale('en;q=0.2, fr')).toBe('fr');
  });

  it('matches a region to its language, and Portuguese to Brazilian Portuguese', () => {
    expect(matchLocale('es-MX')).toBe('es');
    expect(matchLocale('PT-pt')).toBe('pt-BR');
    expect(matchLocale('pt-BR')).toBe('pt-BR');
    expect(matchLocale('fr-CA')).toBe('fr');
  });

  it('never picks a language the reader refused (q=0), and falls back to English', () => {
    expect(negotiateLocale('de;q=0, it')).toBe('en');
    expect(negotiateLocale('')).toBe('en');
    expect(negotiateLocale(undefined)).toBe('en');
    expect(negotiateLocale('*')).toBe('en');
    expect(negotiateLocale('x'.repeat(5000))).toBe('en');
  });

  it('reads a browser’s navigator.languages as they come', () => {
    expect(negotiateLocale(['ja-JP', 'fr-FR', 'de'])).toBe('fr');
  });
});
