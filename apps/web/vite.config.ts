import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;
const proxy = { '/v1': { target: apiTarget } };

// React Router's package exports point bundlers at its development build (extra warnings and checks);
// its production build is the same API without them, and the initial JavaScript budget counts every KiB.
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`../production/${file}`, import.meta.resolve('react-router')));

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
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
