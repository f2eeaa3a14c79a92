/**
 * Prints the gzipped size of the JavaScript a visitor downloads before the home route can render
 * (the `index.html` entry and its static imports, never the lazily loaded screens) and fails the
 * build when it is over budget.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KIB = 100;
const HOME_ROUTE_SOURCE = 'src/app/routes/home.tsx';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const distDir = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk named ${key}.`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

if (!manifest['index.html']) {
  console.error('dist/.vite/manifest.json has no index.html entry: was the build run with build.manifest?');
  process.exit(1);
}

const chunks = [...staticClosure('index.html')]
  .map((key) => manifest[key]!)
  .filter((chunk) => chunk.file.endsWith('.js'))
  .map((chunk) => {
    const source = readFileSync(join(distDir, chunk.file));
    return { file: chunk.file, raw: source.length, gzipped: gzipSync(source).length };
  })
  .sort((a, b) => b.gzipped - a.gzipped);

const total = chunks.reduce((sum, chunk) => sum + chunk.gzipped, 0);
const overBudget = total > BUDGET_KIB * 1024;

console.log(`Initial JS of the home route: ${kib(total)} gzipped (budget ${BUDGET_KIB} KiB)`);
for (const chunk of chunks) {
  console.log(`  ${chunk.file.padEnd(40)} ${kib(chunk.gzipped).padStart(10)} gzipped  ${kib(chunk.raw).padStart(10)} raw`);
}

const lazyHome = Object.values(manifest).find((chunk) => chunk.src === HOME_ROUTE_SOURCE && chunk.isDynamicEntry);
if (lazyHome) {
  console.error(`The home route (${HOME_ROUTE_SOURCE}) must be part of the initial chunks, not loaded lazily.`);
  process.exit(1);
}
if (overBudget) {
  console.error(`Initial JS is over the ${BUDGET_KIB} KiB budget: load more of the shell lazily.`);
  process.exit(1);
}
