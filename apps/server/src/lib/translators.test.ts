import { describe, expect, it } from 'vitest';
import { personalDataMessages, studioMessages } from '@flick/contract';
import { createI18n } from '@flick/i18n/runtime';
import { loadTranslators, translateAnswer } from './translators.ts';

describe('an answer’s message in the reader’s language (issue 32)', () => {
  it('is the catalogue’s translation of a message filled with values, the values kept', async () => {
    const de = (await loadTranslators()).get('de')!;
    const filled = studioMessages.joined('Velvet Studio');
    const translated = translateAnswer(de, filled);
    expect(translated).not.toBe(filled);
    expect(translated).toContain('Velvet Studio');
    const date = personalDataMessages.deletionScheduledDone('12 December 2026');
    expect(translateAnswer(de, date)).toContain('12 December 2026');
  });

  it('leaves a text no catalogue knows as it is, and English as it is', async () => {
    const de = (await loadTranslators()).get('de')!;
    expect(translateAnswer(de, 'something a person wrote')).toBe('something a person wrote');
    expect(translateAnswer(createI18n('en'), studioMessages.joined('X'))).toBe('You joined X');
  });
});
