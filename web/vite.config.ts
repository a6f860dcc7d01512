import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PAGE_ASSETS_FILE, type PageAssets, type PageShell } from '../contract/src/constants';

/**
 * The screens a first visit most often opens (the login screen and the student home) are
 * drawn by the server before any script (server/src/features/branding/web-page.ts). Their
 * chunks are only asked for once the entry has run: a second round trip before the screen
 * can show on a slow phone. This writes, for each, the files it needs beyond the entry
 * (`page-assets.json`, PAGE_ASSETS_FILE), and the entry's stylesheet, which the server puts
 * into those pages itself so that nothing holds back their first paint. The page for another
 * screen asks for nothing it does not need.
 */
function pageAssets(shells: Record<PageShell, string[]>): Plugin {
  return {
    name: 'academy-page-assets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const inEntry = new Set([entry.fileName, ...entry.imports]);
      const entryCss = [...(entry.viteMetadata?.importedCss ?? [])];
      const assets: PageAssets = { entryCss, shells: {} };
      for (const [shell, sources] of Object.entries(shells) as [PageShell, string[]][]) {
        // Each module's chunk and every chunk it imports, recursively, that the entry has not.
        const needed = new Set<string>();
        const visit = (file: string) => {
          if (needed.has(file) || inEntry.has(file)) return;
          needed.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) visit(dep);
        };
        for (const source of sources) {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(source)));
          if (!chunk) this.error(`No chunk for the ${shell} page's ${source}.`);
          visit(chunk.fileName);
        }
        const scripts = [...needed];
        const styles = scripts.flatMap((file) => [
          ...(byFile.get(file)?.viteMetadata?.importedCss ?? []),
        ]);
        assets.shells[shell] = { scripts, styles: styles.filter((f) => !entryCss.includes(f)) };
      }
      this.emitFile({ type: 'asset', fileName: PAGE_ASSETS_FILE, source: JSON.stringify(assets) });
    },
  };
}

/**
 * React Router's package points every import at its development build, production builds
 * included (remix-run/react-router#12532, #14102: "intended to be temporary"); the build beside
 * it differs only in ENABLE_DEV_WARNINGS, whose checks would otherwise run at each render on
 * every phone. Builds take the production one; `vite dev` and the tests keep the warnings.
 */
function reactRouterProductionBuild(): Plugin {
  return {
    name: 'academy-react-router-production',
    apply: 'build',
    config() {
      const development = createRequire(import.meta.url).resolve('react-router');
      const production = path.join(path.dirname(development), '..', 'production', 'index.mjs');
      if (!existsSync(production))
        throw new Error(`No production build of React Router at ${production}`);
      return { resolve: { alias: [{ find: /^react-router$/, replacement: production }] } };
    },
  };
}

/** The chunk of what every screen runs as the app starts (see postBanner below). */
const FRAMEWORK_CHUNK = 'framework';
/** React, React DOM, the router and TanStack Query. */
const FRAMEWORK_MODULES =
  /\/node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/(query-core|react-query))\//;
/**
 * What of TanStack Query the app needs only once it has started: writing and restoring the
 * offline store (dehydrate, hydrate), which app/offline-persistence.ts loads lazily. In its
 * chunk, not in the framework's that every screen (the login screen too) waits for.
 */
const NOT_AT_STARTUP = /\/query-core\/build\/modern\/hydration\.js$/;
/**
 * The modules the entry shares with the screens' chunks, and those nearly every screen (the
 * login screen too) reads: the query keys and the branding queries, and the one-time loader
 * both the API client and the entry use (lib/load-once), and the small store the entry and the
 * offline store share (lib/store: a chunk of its own otherwise, one more request on every page).
 */
const STARTUP_MODULES =
  /\/src\/(api\/(client|session|api-error|query-keys)|shared\/branding|lib\/(load-once|store))\.ts$|\/contract\/src\/constants\.ts$|preload-helper/;
/** What the student home shares with other screens (see the student-home chunk below). */
const STUDENT_HOME_MODULES = [
  '/src/ui/tile.tsx',
  '/src/ui/tile.module.css',
  '/src/ui/popup.tsx',
  '/src/ui/popup.module.css',
  '/src/shared/use-logout.ts',
  '/src/features/assignments/use-assignments.ts',
  '/src/features/flashcards/use-flashcards.ts',
  '/src/features/notifications/use-notifications.ts',
  '/src/features/notifications/notifications.module.css',
  '/contract/src/quiet-hours.ts',
  '/src/features/home/home.module.css',
];
/**
 * And the small modules the home's first render reads beside them, wherever their folder
 * (they move between features/, shared/ and api/): the push prompt's device state and words,
 * the card it is drawn in, the own-query and refreshing-mutation helpers, and the admin
 * counts' hook, which the live stream's chunk imports; the badges' counts, and the Payments
 * tile's statement with the contract's words that decide whether it shows. Left to the
 * splitter they were eleven chunks of 0.2–3 kB, each a request, a compile and an evaluation
 * before the home's screen.
 */
const STUDENT_HOME_PIECES =
  /\/src\/(.+\/)?(own-query|refreshing-mutation|push-device|push-support|push-memory|push-words|use-push|use-admin-counts|waiting-counts|own-statement)\.ts$|\/src\/ui\/card(\.tsx|\.module\.css)$|\/src\/features\/push\/push\.module\.css$|\/contract\/src\/(tuition\/(statement|money)|text)\.ts$/;
/** V8's magic comment: compile every function of this script eagerly, off the main thread. */
const COMPILE_ALL_ON_LOAD = '//# allFunctionsCalledOnLoad';

/** Identifies a build; the update test builds twice with different values. */
const appVersion = process.env.APP_VERSION ?? new Date().toISOString();

export default defineConfig({
  plugins: [
    react(),
    reactRouterProductionBuild(),
    pageAssets({
      login: ['src/features/accounts/login-screen.tsx'],
      // A signed-in page opens its live stream as the app starts (main.tsx), before the
      // screen's first calls: its chunk comes with the page too, and so does the calls' route
      // table, which the stream and every call read first (api/client.ts). The entry carries
      // the student home's route (app/router.tsx): the signed-in screens' table waits for the
      // student's first key or tap.
      home: [
        'src/features/home/student-home-screen.tsx',
        'src/app/live-updates.ts',
        'contract/src/routes/index.ts',
      ],
    }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'service-worker.ts',
      // The page registers the worker itself (src/pwa/offline-worker.ts) and asks
      // before updating.
      injectRegister: false,
      // The server serves the manifest, named after ACADEMY_NAME.
      manifest: false,
      injectManifest: {
        globPatterns: [
          'index.html',
          'assets/*.{js,css}',
          'branding/logo.webp',
          'icons/favicon-32.png',
          'icons/icon-192.png',
          'avatars/*.webp',
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
        // Chromium compiles each function the first time it is called, on the main thread;
        // this comment at the top of a script asks it to compile all of them as the file
        // downloads, on a background thread ('explicit compile hints', Chrome 136): every
        // function of the framework chunk runs as the app starts. Browsers without it read a
        // comment. Other chunks stay lazily compiled: most of their code waits for a tap.
        postBanner: (chunk) => (chunk.name === FRAMEWORK_CHUNK ? COMPILE_ALL_ON_LOAD : ''),
        codeSplitting: {
          groups: [
            {
              // React, React DOM, the router and TanStack Query, in one chunk of their own that
              // carries the compile hint above (the entry cannot: Vite writes its own first
              // line there). Every screen runs them as the app starts; left to the splitter,
              // TanStack Query came as seven small chunks, each a request and an evaluation
              // of its own on the main thread before the first screen (bench:lighthouse).
              // With them the small modules the entry shares with the screens (the API client,
              // its error, Vite's preloader): three chunks of their own otherwise, each a
              // request and a compile before the first screen.
              name: FRAMEWORK_CHUNK,
              test: (id) =>
                (FRAMEWORK_MODULES.test(id) && !NOT_AT_STARTUP.test(id)) ||
                STARTUP_MODULES.test(id),
            },
            {
              // The small pieces every form uses (the login screen's too) in one chunk rather
              // than one each: every chunk costs the login screen its own imports and exports.
              name: 'form-pieces',
              test: /\/src\/(ui\/(field|form|status|screen-heading|submit-button)(\.tsx|\.module\.css)|ui\/use-fields\.ts|api\/failure-text\.ts|components\/academy-logo\.tsx)$/,
              includeDependenciesRecursively: false,
            },
            {
              // Every icon the app draws, with the library's drawing code: 21 kB in all, where
              // the splitter made a chunk of each icon two screens share (the student home
              // asked for seven).
              name: 'icons',
              test: /\/node_modules\/lucide-react\//,
            },
            {
              // The live stream's client, which every signed-in page opens as it starts, and
              // what holds it beside every screen with the activity ping (app/signed-in-extras).
              name: 'live',
              test: /\/(src\/api\/live|src\/app\/live-updates|contract\/src\/live|src\/features\/activity\/use-activity-ping)\.ts$|\/src\/app\/signed-in-extras\.tsx$|\/node_modules\/eventsource-parser\//,
              includeDependenciesRecursively: false,
            },
            {
              // What the student home shares with other screens (its tiles, the message popup,
              // the queries of its four calls): one chunk, where the splitter made nine.
              name: 'student-home',
              // Not the message text's links (linkify, 17 kB): the many other screens that share
              // a piece of it (a confirmation's popup, a list's queries) would load it too.
              test: (id) =>
                STUDENT_HOME_MODULES.some((path) => id.endsWith(path)) ||
                STUDENT_HOME_PIECES.test(id),
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
