import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The real config; only the fixtures' types come from a default project, since they are never written to disk
// (the project service otherwise looks for a file in a tsconfig's program).
const fixtures = [
  'scripts/lint-fixture*.ts',
  'apps/server/src/lint-fixture*.ts',
  'apps/server/src/modules/*/lint-fixture*.ts',
  'packages/media/src/lint-fixture*.ts',
  'apps/web/src/lint-fixture*.tsx',
];
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: { allowDefaultProject: fixtures, defaultProject: 'apps/web/tsconfig.json' } } },
  },
});

/** The rules `npm run lint` reports for `text` if it were the file at `file`. */
async function rulesBroken(file: string, text: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result!.messages.map((message) => message.ruleId);
}

const linesOf = (count: number) => `export const lines = [\n${'  0,\n'.repeat(count - 2)}];\n`;

describe('the lint rules (eslint.config.js)', () => {
  it('refuses a source file over 300 lines, and takes one of 300 or a longer test', { timeout: 120_000 }, async () => {
    expect(linesOf(301).split('\n').length - 1).toBe(301);
    expect(await rulesBroken('apps/server/src/lint-fixture.ts', linesOf(301))).toContain('max-lines');
    expect(await rulesBroken('packages/media/src/lint-fixture.ts', linesOf(301))).toContain('max-lines');
    expect(await rulesBroken('apps/server/src/lint-fixture.ts', linesOf(300))).not.toContain('max-lines');
    expect(await rulesBroken('apps/server/src/lint-fixture.test.ts', linesOf(301))).not.toContain('max-lines');
  });

  it('refuses a promise nobody awaits, unless it is marked fire-and-forget with void', { timeout: 120_000 }, async () => {
    const floating = 'export async function stop(wait: () => Promise<void>) {\n  wait();\n}\n';
    expect(await rulesBroken('scripts/lint-fixture.ts', floating)).toContain('@typescript-eslint/no-floating-promises');
    expect(await rulesBroken('scripts/lint-fixture.ts', floating.replace('wait();', 'void wait();'))).toEqual([]);
  });

  it('refuses a promise handed where its result is ignored, a JSX handler included', { timeout: 120_000 }, async () => {
    const forEach = 'export const all = (save: (n: number) => Promise<void>) => [1, 2].forEach(async (n) => save(n));\n';
    expect(await rulesBroken('scripts/lint-fixture.ts', forEach)).toContain('@typescript-eslint/no-misused-promises');
    const onClick = 'export const Save = ({ save }: { save: () => Promise<void> }) => <button type="button" onClick={save} />;\n';
    expect(await rulesBroken('apps/web/src/lint-fixture.tsx', onClick)).toContain('@typescript-eslint/no-misused-promises');
  });

  it('refuses SQL outside a repository in the admin and ads rooms, and takes it in a repository', { timeout: 120_000 }, async () => {
    const statement = "import type pg from 'pg';\nexport const count = (pool: pg.Pool) => pool.query('select count(*) from ad_campaigns');\n";
    expect(await rulesBroken('apps/server/src/modules/ads/lint-fixture.service.ts', statement)).toContain('no-restricted-syntax');
    expect(await rulesBroken('apps/server/src/modules/admin/lint-fixture.ts', statement)).toContain('no-restricted-syntax');
    expect(await rulesBroken('apps/server/src/modules/ads/lint-fixture.repository.ts', statement)).toEqual([]);
  });
});
