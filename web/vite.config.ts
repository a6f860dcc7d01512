import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The login screen is what everyone opens first, and its chunk (with the pieces every form
 * shares) is only asked for once the entry has run: a second round trip before anything can
 * show on a slow phone. Announcing them in index.html lets the browser fetch them alongside
 * the entry. They are small, and the shared pieces serve every other screen too.
 */
function preloadLoginScreen(): Plugin {
  return {
    name: 'academy-preload-login-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((c) => c.type === 'chunk');
        const login = chunks.find((c) => c.facadeModuleId?.endsWith('/login-screen.tsx'));
        const entry = chunks.find((c) => c.isEntry);
        if (!login || !entry) return html;
        const inEntry = new Set([entry.fileName, ...entry.imports]);
        const scripts = [login.fileName, ...login.imports].filter((f) => !inEntry.has(f));
        const entryCss = new Set(entry.viteMetadata?.importedCss ?? []);
        const styles = [login, ...chunks.filter((c) => login.imports.includes(c.fileName))]
          .flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])])
          .filter((file) => !entryCss.has(file));
        return [
          ...scripts.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...styles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/** Identifies a build; the update test builds twice with different values. */
const appVersion = process.env.APP_VERSION ?? new Date().toISOString();

export default defineConfig({
  plugins: [
    react(),
    preloadLoginScreen(),
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
  resolve: { conditions: ['@academy/source', ...defaultClientConditions] },
  build: {
    target: 'es2022',
    // bench/size.mjs reads it to size what each screen loads.
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The small pieces every form uses (the login screen's too) in one chunk rather
              // than one each: every chunk costs the login screen its own imports and exports.
              name: 'form-pieces',
              test: /\/src\/ui\/(field|form|status|screen-heading)(\.tsx|\.module\.css)$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
