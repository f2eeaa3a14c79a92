import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;
const proxy = { '/v1': { target: apiTarget } };

// React Router's package exports point bundlers at its development build (extra warnings and checks);
// its production build is the same API without them, and the initial JavaScript budget counts every KiB.
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`../production/${file}`, import.meta.resolve('react-router')));

/**
 * "/" is the feed, and the feed is a lazy chunk (the initial JavaScript stays the shell). index.html
 * names that chunk and its imports with <link rel="modulepreload">, so the browser fetches them beside
 * the entry instead of after it has run: one round trip less before the first video.
 */
function preloadHomeFeed(source = 'src/app/routes/feed-routes.tsx'): Plugin {
  return {
    name: 'flick:preload-home-feed',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        const feed = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(source));
        if (!entry || !feed) throw new Error(`preloadHomeFeed: no entry chunk or no chunk for ${source}`);
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (file: string, seen = new Set<string>()): Set<string> => {
          if (seen.has(file)) return seen;
          seen.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) closure(imported, seen);
          return seen;
        };
        const initial = closure(entry.fileName);
        const files = [...closure(feed.fileName)].filter((file) => !initial.has(file));
        return files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` }, injectTo: 'head' as const }));
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

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), preloadHomeFeed(), precompress()],
  resolve: {
    alias: [
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : []),
      { find: /^url-parse$/, replacement: fileURLToPath(new URL('./src/lib/native-url.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    manifest: true,
    // Every browser that runs this app supports <link rel="modulepreload">; the polyfill would cost initial JS.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // @flick/contract only declares constants and zod schemas. Saying so (its modules have no side
      // effects, zod's builders are pure) lets a chunk that needs one constant, such as an event id,
      // skip zod and the schemas altogether.
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
}));
