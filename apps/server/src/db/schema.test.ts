import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import drizzleConfig from '../../drizzle.config.ts';

const src = path.resolve(import.meta.dirname, '..');

/** Every source file under src/, as a path relative to it with forward slashes. */
function sourceFiles(folder = src): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path.relative(src, full).split(path.sep).join('/')] : [];
  });
}

/**
 * drizzle-kit makes the migrations from the files drizzle.config.ts names: a table or enum declared in any
 * other file would get no migration. So tables live in db/schema.ts or in a module's <name>.schema.ts
 * (docs/decisions/0023-tables-beside-their-module.md), and the config reads exactly those.
 */
describe('where tables are declared', () => {
  it('gives drizzle-kit db/schema.ts and every module schema file', () => {
    expect(drizzleConfig.schema).toEqual(['./src/db/schema.ts', './src/modules/*/*.schema.ts']);
  });

  it('declares every table and enum in a file drizzle-kit reads', () => {
    const declaring = sourceFiles().filter((file) => /\bpg(Table|Enum)\s*[(<]/.test(readFileSync(path.join(src, file), 'utf8')));
    expect(declaring.filter((file) => !/^(db\/schema\.ts|modules\/[^/]+\/[^/]+\.schema\.ts)$/.test(file))).toEqual([]);
    expect(declaring).toContain('db/schema.ts');
    expect(declaring).toContain('modules/videos/videos.schema.ts');
  });

  it('names each module schema file after its module', () => {
    const schemaFiles = sourceFiles().filter((file) => file.startsWith('modules/') && file.endsWith('.schema.ts'));
    expect(schemaFiles.filter((file) => !/^modules\/([^/]+)\/\1\.schema\.ts$/.test(file))).toEqual([]);
  });
});
