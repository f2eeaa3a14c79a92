import type { ExtractorType, LinguiConfig } from '@lingui/conf';
import { extractMessages } from './tools/extract-messages.ts';

/** Messages are found by their `t('…')` calls and the contract's `…Messages` tables (tools/extract-messages.ts). */
const flickExtractor: ExtractorType = {
  match: (filename) => /\.tsx?$/.test(filename) && !/\.test\.tsx?$/.test(filename),
  extract(filename, code, onMessageExtracted) {
    for (const { id, line } of extractMessages(filename, code)) onMessageExtracted({ id, origin: [filename, line] });
  },
};

const config: LinguiConfig = {
  sourceLocale: 'en',
  locales: ['en', 'es', 'de', 'fr', 'pt-BR'],
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}',
      include: ['<rootDir>/../contract/src', '<rootDir>/../../apps/web/src', '<rootDir>/../../apps/server/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
    },
  ],
  extractors: [flickExtractor],
  compileNamespace: 'ts',
  formatOptions: { origins: true, lineNumbers: false },
};

export default config;
