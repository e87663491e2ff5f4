import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { councilPage } from './build/council-page.ts';
import { mockBank } from './build/mock-bank.ts';
import { oneFormatjsCopy } from './build/one-formatjs-copy.ts';
import { precompileMessages } from './build/precompile-messages.ts';
import { precompress } from './build/precompress.ts';
import { preloadDefaultMessages } from './build/preload-default-messages.ts';

/**
 * In development /api goes to the BFF (http://127.0.0.1:8080), or to the Prism mock when
 * MOCK_API is set (e.g. MOCK_API=http://127.0.0.1:4010): the mock serves the contract's paths
 * without the /api base.
 */
const mock = process.env.MOCK_API;
const target = mock ?? process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    // against the mock, the card form goes to a stand-in bank page instead of Redsys
    ...(mock ? [mockBank(mock)] : []),
    councilPage(),
    oneFormatjsCopy(),
    precompileMessages(),
    preloadDefaultMessages(),
    react(),
    tailwindcss(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target,
        changeOrigin: true,
        ...(mock ? { rewrite: (path: string) => path.replace(/^\/api/, '') } : {}),
      },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // every browser the portal supports preloads modules itself (Safari since 17); an older one
    // just loads them when imported, so the polyfill would only add bytes to every first visit
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // everything the entry imports statically, in the entry chunk: left to itself the
              // bundler splits React and a few shared helpers into chunks of their own, because
              // lazy chunks use them too, and every visit then downloads three files where one
              // compresses better
              name: 'index',
              tags: ['$initial'],
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
