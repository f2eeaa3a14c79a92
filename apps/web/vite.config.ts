import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { flagIconsAlias } from './flag-icons-alias.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;
const proxy = { '/v1': { target: apiTarget } };

// React Router's package exports point bundlers at its development build (extra warnings and checks);
// its production build is the same API without them, and the initial JavaScript budget counts every KiB.
const reactRouterProduction = (file: string) => fileURLToPath(new URL(`../production/${file}`, import.meta.resolve('react-router')));

const normalized = (id: string) => id.replaceAll('\\', '/');
const BOOT_STREAM_SOURCE = 'src/app/boot-stream.ts';
const BOOT_VIDEO_SOURCE = 'src/features/feed/api/boot-video.ts';
const ATTACH_HLS_SOURCE = 'src/features/videos/attach-hls.ts';
const isBootVideoModule = (id: string) => [BOOT_STREAM_SOURCE, BOOT_VIDEO_SOURCE, ATTACH_HLS_SOURCE].some((source) => normalized(id).endsWith(source));

/**
 * "/" is the feed, and the feed is a lazy chunk (the initial JavaScript stays the shell). index.html
 * names the chunks "/" needs next with <link rel="modulepreload">, so the browser fetches them beside
 * the entry instead of after it has run: first the module that asks for the first page of videos
 * (main.tsx imports it at once), then the feed screen with its imports.
 */
function preloadHomeFeed(sources = ['src/features/feed/api/early-feed.ts', 'src/app/routes/feed-routes.tsx']): Plugin {
  return {
    name: 'flick:preload-home-feed',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index');
        if (!entry) throw new Error('preloadHomeFeed: no entry chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // Depth first, imports before the chunk that needs them, each file once.
        const closure = (file: string, seen: Set<string>): Set<string> => {
          if (seen.has(file)) return seen;
          seen.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) closure(imported, seen);
          return seen;
        };
        const initial = closure(entry.fileName, new Set());
        const files = new Set<string>();
        for (const source of sources) {
          const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(source)));
          if (!chunk) throw new Error(`preloadHomeFeed: no chunk for ${source}`);
          for (const file of closure(chunk.fileName, new Set())) if (!initial.has(file)) files.add(file);
        }
        return [...files].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * The boot player (ADR 0019): app/boot-player.js inlined at the start of index.html's head, so that it
 * runs as soon as the page is parsed, before any file has arrived (even the stylesheet); its FLICK_HLS_MODULE becomes
 * the built hls.js chunk, its FLICK_BOOT_MODULE the boot video's (ADR 0021: a chunk that imports nothing
 * of the app, so that it attaches hls.js before the app's scripts have come). The server allows the
 * inline script by its hash in the CSP (plugins/web-app.ts).
 */
function bootPlayer(source = fileURLToPath(new URL('./src/app/boot-player.js', import.meta.url))): Plugin {
  return {
    name: 'flick:boot-player',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(_html, { bundle }) {
        if (!bundle) return;
        const chunkOf = (module: string) => {
          const chunk = Object.values(bundle).find(
            (output): output is Rollup.OutputChunk => output.type === 'chunk' && output.moduleIds.some((id) => normalized(id).endsWith(module)),
          );
          if (!chunk) throw new Error(`bootPlayer: no chunk for ${module}`);
          // Anything it imported would have to come before it could run (the app's entry, or a chunk of helpers beside it).
          if (chunk.imports.length > 0) throw new Error(`bootPlayer: ${chunk.fileName} imports ${chunk.imports.join(', ')}`);
          return JSON.stringify(`/${chunk.fileName}`);
        };
        const code = (await fs.readFile(source, 'utf8'))
          .replace(/^(\s*\/\*[\s\S]*?\*\/)+\s*/, '')
          .replaceAll('FLICK_HLS_MODULE', chunkOf('hls.js/dist/hls.light.mjs'))
          .replaceAll('FLICK_BOOT_MODULE', chunkOf(BOOT_STREAM_SOURCE))
          .trim();
        return [{ tag: 'script', children: code, injectTo: 'head-prepend' as const }];
      },
    },
  };
}

/**
 * Writes .br and .gz beside every text asset, once at build time at the highest levels, for a server
 * or CDN that serves precompressed files (@fastify/static's preCompressed): the JavaScript then
 * travels at the gzipped sizes report-bundle.ts prints.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'flick:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = [...Object.keys(bundle), 'index.html'].filter((file) => /\.(js|css|html|svg|json|webmanifest)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await fs.readFile(path.join(outDir, file)).catch(() => null);
          if (!source || source.length < 1024) return;
          await fs.writeFile(path.join(outDir, `${file}.br`), await brotli(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
          await fs.writeFile(path.join(outDir, `${file}.gz`), await gz(source, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * For the chunk plugins below, once the module graph is known: the modules that the `sources` (paths
 * inside the repository) import, directly or not, that the initial JavaScript does not hold and that
 * `leave` does not keep for another chunk.
 */
function modulesOf(context: Rollup.PluginContext, sources: string[], leave: (id: string) => boolean): Set<string> {
  const closure = (id: string, seen: Set<string>) => {
    if (seen.has(id)) return seen;
    seen.add(id);
    for (const imported of context.getModuleInfo(id)?.importedIds ?? []) closure(imported, seen);
    return seen;
  };
  const ids = [...context.getModuleIds()];
  const initial = new Set<string>();
  for (const entry of ids.filter((id) => context.getModuleInfo(id)?.isEntry)) closure(entry, initial);
  const members = new Set<string>();
  for (const source of sources) {
    const root = ids.find((id) => normalized(id).endsWith(source));
    for (const id of root ? closure(root, new Set()) : []) if (!initial.has(id) && !leave(id)) members.add(id);
  }
  return members;
}

/**
 * The modules only the home feed needs beyond the initial JavaScript, as one chunk rather than twenty:
 * over HTTP/1.1 each file holds one of the browser's six connections for a round trip or more, and the
 * first page of videos and the first video's segment queue behind them.
 */
function feedChunk(
  feedSource = 'src/app/routes/feed-routes.tsx',
  // The request for the first page of videos goes out before the feed's code is here (main.tsx).
  keepApart = [
    'src/features/feed/api/early-feed.ts',
    BOOT_VIDEO_SOURCE,
    ATTACH_HLS_SOURCE,
    'src/features/videos/hls-library.ts',
    // The grid screens' first calls, asked for as the app starts (app/early-route-data.ts).
    'src/app/early-route-data.ts',
    'src/lib/early-requests.ts',
    'src/features/videos/api/grid-paths.ts',
    'src/features/videos/preload-first-row.ts',
    'packages/contract/src/grid-calls.ts',
    'packages/contract/src/srcset.ts',
    'src/features/preferences/stores/feed-preferences.ts',
    'packages/contract/src/categories.ts',
    // The neutral tab title starts with the early request (issue 31).
    'src/features/preferences/neutral-title.ts',
    'src/features/preferences/stores/discretion.ts',
  ],
) {
  const early = (id: string) => keepApart.some((source) => normalized(id).endsWith(source));
  let members = new Set<string>();
  const plugin: Plugin = {
    name: 'flick:feed-chunk',
    apply: 'build',
    buildEnd() {
      members = modulesOf(this, [feedSource], early);
    },
  };
  return { plugin, test: (id: string) => members.has(id), testEarly: early };
}
const feed = feedChunk();

/**
 * The grid screens' code (a creator's profile, a tag's grid, the rating lists, and the layout they sit
 * in) beyond the initial JavaScript, as one chunk rather than eleven: over HTTP/1.1 eleven small files
 * take three rounds of the browser's six connections, each a round trip (ADR 0022: name and first row
 * of a grid screen). What they share with the feed (the API's schemas, queries, the grid's tiles) is a
 * chunk of its own, `common`, which both import: a grid screen then neither downloads nor runs the
 * feed's player, gestures and ads.
 */
function gridsChunk(sources = ['src/app/query-layout.tsx', 'src/app/routes/profile.tsx', 'src/app/routes/video-grids.tsx']) {
  let members = new Set<string>();
  let shared = new Set<string>();
  const plugin: Plugin = {
    name: 'flick:grids-chunk',
    apply: 'build',
    // After flick:feed-chunk's, whose modules it splits.
    buildEnd() {
      const needed = modulesOf(this, sources, feed.testEarly);
      shared = new Set([...needed].filter((id) => feed.test(id)));
      members = new Set([...needed].filter((id) => !feed.test(id)));
    },
  };
  return { plugin, test: (id: string) => members.has(id), testShared: (id: string) => shared.has(id) };
}
const grids = gridsChunk();

/**
 * Small modules the bundler would give a file each, because several lazy screens share them: the form
 * building blocks of the sign-in, account, support and upload screens, the co-performers' pieces, and
 * the video player of the account and admin screens.
 * One file per family: fewer requests for the screen that needs them, and fewer names in the entry's
 * list of what each lazy screen preloads (issue 32: the initial JavaScript's budget).
 */
const sharedFamilies = {
  forms: [
    'src/components/ui/submit-button.tsx',
    'src/components/ui/form-field.tsx',
    'src/components/ui/text-field.tsx',
    'src/components/ui/password-field.tsx',
    'src/components/ui/select-field.tsx',
    'src/components/ui/step-progress.tsx',
    'src/config/sex-labels.ts',
    'src/components/layout/screen.tsx',
    'src/hooks/use-focus-on-step.ts',
    'src/features/auth/api/resend-email.ts',
    'src/features/account/components/profile-gate.tsx',
  ],
  'video-player': ['src/features/videos/components/hls-video.tsx', 'src/features/videos/components/video-player-dialog.tsx'],
  performers: ['src/features/performers/components/performer-row.tsx', 'src/features/performers/api/video-performers.ts', 'src/features/performers/api/appearances.ts'],
};
const inFamily = (family: keyof typeof sharedFamilies) => (id: string) => sharedFamilies[family].some((source) => normalized(id).endsWith(source));

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), feed.plugin, grids.plugin, preloadHomeFeed(), bootPlayer(), precompress()],
  resolve: {
    alias: [
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : []),
      flagIconsAlias,
      { find: /^url-parse$/, replacement: fileURLToPath(new URL('./src/lib/native-url.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    manifest: true,
    // Every browser that runs this app supports <link rel="modulepreload">; the polyfill would cost initial JS.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The boot player's module (ADR 0021) is an entry of its own, so that its export keeps its name.
      input: { index: 'index.html', 'boot-stream': BOOT_STREAM_SOURCE },
      preserveEntrySignatures: 'allow-extension',
      // @flick/contract only declares constants and zod schemas. Saying so (its modules have no side
      // effects, zod's builders are pure) lets a chunk that needs one constant, such as an event id,
      // skip zod and the schemas altogether.
      output: {
        // The ad control script is served from its own path (ADR 0016): /ads/flick-ads-<hash>.js.
        chunkFileNames: (chunk) => (chunk.name === 'flick-ads' ? 'ads/[name]-[hash].js' : 'assets/[name]-[hash].js'),
        // The modules "/" runs first (the early request, the boot player's adoption) are one file, not five.
        codeSplitting: {
          groups: [
            // First: the boot player imports it before the entry has come (ADR 0021), so it imports nothing of
            // the app; the bundler's and Vite's helpers (which every chunk uses) are a file of their own.
            { name: 'boot-video', test: isBootVideoModule, includeDependenciesRecursively: false },
            // Before the feed's: what the grid screens share with it.
            { name: 'common', test: grids.testShared, includeDependenciesRecursively: false },
            { name: 'feed', test: feed.test, includeDependenciesRecursively: false },
            { name: 'early-feed', test: feed.testEarly, includeDependenciesRecursively: false },
            { name: 'grids', test: grids.test, includeDependenciesRecursively: false },
            { name: 'forms', test: inFamily('forms'), includeDependenciesRecursively: false },
            { name: 'performers', test: inFamily('performers'), includeDependenciesRecursively: false },
            { name: 'video-player', test: inFamily('video-player'), includeDependenciesRecursively: false },
          ],
        },
      },
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
}));
