import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;
const proxy = { '/v1': { target: apiTarget } };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    manifest: true,
    // Every browser that runs this app supports <link rel="modulepreload">; the polyfill would cost initial JS.
    modulePreload: { polyfill: false },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
});
