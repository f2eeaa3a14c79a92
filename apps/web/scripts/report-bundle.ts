/**
 * Prints the gzipped size of the JavaScript a visitor downloads before the home route can render
 * (the `index.html` entry and its static imports, never the lazily loaded screens), then what the home
 * route downloads next to play its first video (the feed chunk, its imports and hls.js), and fails the
 * build when either is over budget.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KIB = 100;
const FEED_BUDGET_KIB = 200;
const HOME_ROUTE_SOURCE = 'src/app/routes/home.tsx';
const FEED_ROUTE_SOURCE = 'src/app/routes/feed-routes.tsx';
const FEED_CHUNK_NAME = 'feed';
const HLS_SOURCE = /hls\.js\/dist\/hls\.light\.mjs$/;

interface ManifestChunk {
  file: string;
  name?: string;
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

function sizes(keys: Iterable<string>) {
  return [...keys]
    .map((key) => manifest[key]!)
    .filter((chunk) => chunk.file.endsWith('.js'))
    .map((chunk) => {
      const source = readFileSync(join(distDir, chunk.file));
      return { file: chunk.file, raw: source.length, gzipped: gzipSync(source).length };
    })
    .sort((a, b) => b.gzipped - a.gzipped);
}
type Sizes = ReturnType<typeof sizes>;
const sum = (chunks: Sizes) => chunks.reduce((total, chunk) => total + chunk.gzipped, 0);
function list(chunks: Sizes) {
  for (const chunk of chunks) {
    console.log(`  ${chunk.file.padEnd(40)} ${kib(chunk.gzipped).padStart(10)} gzipped  ${kib(chunk.raw).padStart(10)} raw`);
  }
}

const initialKeys = staticClosure('index.html');
const chunks = sizes(initialKeys);
const total = sum(chunks);
const overBudget = total > BUDGET_KIB * 1024;

console.log(`Initial JS of the home route: ${kib(total)} gzipped, ${total} of ${BUDGET_KIB * 1024} bytes (budget ${BUDGET_KIB} KiB)`);
list(chunks);

// "/" requests the feed chunk as soon as it renders; the feed then loads hls.js (where HLS is not
// native) before the first frame. Counted apart from the initial JS, and without what that already holds.
const keyOf = (test: (chunk: ManifestChunk) => boolean) => Object.entries(manifest).find(([, chunk]) => test(chunk))?.[0];
// The feed route's modules are one chunk named "feed" (vite.config.ts feedChunk), else its own dynamic entry.
const feedKey = keyOf((chunk) => chunk.name === FEED_CHUNK_NAME) ?? keyOf((chunk) => chunk.src === FEED_ROUTE_SOURCE && chunk.isDynamicEntry === true);
const hlsKey = keyOf((chunk) => HLS_SOURCE.test(chunk.src ?? ''));
if (!feedKey || !hlsKey) {
  console.error(`The manifest lacks the feed chunk (${FEED_ROUTE_SOURCE}) or hls.js: is the feed still loaded lazily?`);
  process.exit(1);
}
const feedKeys = new Set([...staticClosure(feedKey), ...staticClosure(hlsKey)].filter((key) => !initialKeys.has(key)));
const feedChunks = sizes(feedKeys);
const feedTotal = sum(feedChunks);
console.log(`Feed route JS with hls.js, after the initial JS: ${kib(feedTotal)} gzipped (budget ${FEED_BUDGET_KIB} KiB)`);
list(feedChunks);
console.log(`Everything "/" downloads before its first video plays: ${kib(total + feedTotal)} gzipped`);

// The grid screens' code is one chunk (vite.config.ts gridsChunk).
const gridsKey = keyOf((chunk) => chunk.name === 'grids' && chunk.src === undefined);
if (!gridsKey) {
  console.error('The manifest lacks the "grids" chunk (vite.config.ts gridsChunk): are the grid screens eleven files again?');
  process.exit(1);
}
console.log(
  `Grid screens' JS, after the initial JS: ${kib(sum(sizes(new Set([...staticClosure(gridsKey)].filter((key) => !initialKeys.has(key))))))} gzipped, with the chunk it shares with the feed`,
);

// Two chunks that import each other run in an order neither chose: a module reads another's export before
// it is set (the chunk groups in vite.config.ts must keep the imports one way).
function importCycle(): string[] | null {
  const done = new Set<string>();
  const visit = (key: string, path: string[]): string[] | null => {
    if (path.includes(key)) return [...path.slice(path.indexOf(key)), key];
    if (done.has(key)) return null;
    for (const imported of manifest[key]?.imports ?? []) {
      const cycle = visit(imported, [...path, key]);
      if (cycle) return cycle;
    }
    done.add(key);
    return null;
  };
  for (const key of Object.keys(manifest)) {
    const cycle = visit(key, []);
    if (cycle) return cycle.map((member) => manifest[member]?.file ?? member);
  }
  return null;
}
const cycle = importCycle();
if (cycle) {
  console.error(`Chunks import each other: ${cycle.join(' -> ')}`);
  process.exit(1);
}

const lazyHome = Object.values(manifest).find((chunk) => chunk.src === HOME_ROUTE_SOURCE && chunk.isDynamicEntry);
if (lazyHome) {
  console.error(`The home route (${HOME_ROUTE_SOURCE}) must be part of the initial chunks, not loaded lazily.`);
  process.exit(1);
}
if (feedTotal > FEED_BUDGET_KIB * 1024) {
  console.error(`The feed's JS is over the ${FEED_BUDGET_KIB} KiB budget.`);
  process.exit(1);
}
if (overBudget) {
  console.error(`Initial JS is over the ${BUDGET_KIB} KiB budget: load more of the shell lazily.`);
  process.exit(1);
}
