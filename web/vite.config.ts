import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Identifies a build; the update test builds twice with different values. */
const appVersion = process.env.APP_VERSION ?? new Date().toISOString();

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'service-worker.ts',
      // The page registers the worker itself (src/pwa/use-service-worker.ts) and asks
      // before updating.
      injectRegister: false,
      // The server serves the manifest, named after ACADEMY_NAME.
      manifest: false,
      injectManifest: {
        globPatterns: [
          'index.html',
          'assets/*.{js,css}',
          'branding/logo.svg',
          'icons/icon-192.png',
          'avatars/*.svg',
          'sounds/*',
        ],
        // The emoji picker is large and only for admins: fetched when opened, not precached.
        globIgnores: ['**/emoji-picker*'],
        rollupFormat: 'es',
      },
    }),
  ],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  // The contract workspace resolves to its TypeScript sources; only its types and the
  // plain route table reach the browser, never zod.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    target: 'es2022',
    // bench/size.mjs reads it to size what each screen loads.
    manifest: true,
    sourcemap: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
