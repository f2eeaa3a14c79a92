import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';
import { extractMessages } from '../tools/extract-messages.ts';
import { loadCatalogue } from './catalogues.ts';
import { LOCALES, SOURCE_LOCALE } from './locales.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const SOURCES = ['packages/contract/src', 'apps/web/src', 'apps/server/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every message the code holds (what `npm run extract -w @flick/i18n` writes into the PO files). */
const messages = new Set(
  SOURCES.flatMap((dir) => sourceFiles(path.join(root, dir))).flatMap((file) => extractMessages(file, readFileSync(file, 'utf8')).map((found) => found.id)),
);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)[,}]/g)].map((match) => match[1]).sort();
const translated = LOCALES.filter((locale) => locale !== SOURCE_LOCALE);

describe('the message catalogues (issue 32)', () => {
  it('hold no ICU plural or select in the messages of the screens and the contract (the web app formats English without Lingui)', () => {
    const web = SOURCES.filter((dir) => dir !== 'apps/server/src')
      .flatMap((dir) => sourceFiles(path.join(root, dir)))
      .flatMap((file) => extractMessages(file, readFileSync(file, 'utf8')).map((found) => found.id));
    expect(web.filter((id) => /\{\s*\w+\s*,/.test(id))).toEqual([]);
  });

  it('find the messages of the screens, the contract and the server', () => {
    expect(messages.size).toBeGreaterThan(300);
    expect(messages).toContain('Reset your password');
    expect(messages).toContain('Please sign in to continue.');
  });

  describe.each(translated)('%s', (locale) => {
    const po = PO.parse(readFileSync(path.join(import.meta.dirname, `../locales/${locale}.po`), 'utf8'));
    const entries = new Map(po.items.map((item) => [item.msgid, item.msgstr[0] ?? '']));

    it('holds every message of the code, translated, with the same placeholders', () => {
      const missing = [...messages].filter((id) => !entries.get(id));
      expect(missing, 'run `npm run extract -w @flick/i18n` and translate the new entries').toEqual([]);
      for (const [id, text] of entries) expect(placeholders(text), `${locale}: ${id}`).toEqual(placeholders(id));
    });

    it('is compiled from its PO file as it stands', async () => {
      const compiled = await loadCatalogue(locale);
      expect(Object.keys(compiled).sort(), 'run `npm run compile -w @flick/i18n`').toEqual([...entries.keys()].filter(Boolean).sort());
      for (const [id, text] of entries) {
        const value = compiled[id];
        if (id && Array.isArray(value) && value.every((part) => typeof part === 'string')) expect(value.join(''), `${locale}: ${id}`).toBe(text);
      }
    });
  });
});
