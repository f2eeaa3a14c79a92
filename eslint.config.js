import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'packages/i18n/locales/*.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-aware rules: a promise nobody awaits loses its rejection (an unhandled rejection stops the server, a test
    // passes before its assertion runs), and a promise handed where a callback's return is ignored (an event handler,
    // forEach, a JSX onClick) fails silently. Every TS file is covered, tests included: there an unawaited
    // `expect(...).rejects` is a test that cannot fail. Fire-and-forget is written `void promise` with the reason beside it.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The web app never imports server code (DESIGN.md "Shape").
    files: ['apps/web/**/*.{ts,tsx}', 'packages/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/apps/server/**', '@flick/server', '@flick/server/*'] }],
    },
  },
  {
    // The boot player (ADR 0019): a classic script inlined into index.html, with the hls.js chunk's path put in by the build.
    files: ['apps/web/src/app/boot-player.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser, FLICK_HLS_MODULE: 'readonly', FLICK_BOOT_MODULE: 'readonly' } },
  },
  {
    files: ['apps/web/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // CommonJS only where a tool loads the file with require() (dependency-cruiser, autocannon's workers).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['scripts/**', 'e2e-engines/run.ts', 'apps/*/scripts/**', 'apps/server/src/main.ts', 'apps/server/src/cli/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // A source file a reader can hold in their head: at most 300 lines, counted as `wc -l` counts them (comments and
    // blank lines too, so the number matches what an editor shows). Tests are exempt: a table of cases is long by nature.
    files: ['apps/*/src/**/*.{ts,tsx,js,mjs}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.*'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  {
    // SQL lives in repositories (ADR 0010): in the admin and ads rooms, whose services once mixed statements with rules,
    // a statement anywhere but a `*.repository.ts` (or a table in `*.schema.ts`) fails lint.
    files: ['apps/server/src/modules/admin/**/*.ts', 'apps/server/src/modules/ads/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.schema.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'CallExpression[callee.property.name=/^(query|execute)$/]', message: 'SQL belongs in a *.repository.ts (ADR 0010).' },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: 'SQL belongs in a *.repository.ts (ADR 0010).' },
        {
          selector: 'CallExpression[callee.property.name=/^(select|selectDistinct|insert|update|delete)$/][callee.object.name=/^(db|tx|client|pool)$/]',
          message: 'SQL belongs in a *.repository.ts (ADR 0010).',
        },
      ],
    },
  },
);
