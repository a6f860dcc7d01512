// Builds bench:lighthouse's yardstick (bare/: React DOM rendering one heading) with the web
// app's own Vite config (web/vite.config.ts: the same React plugin, target, framework chunk
// and compile hint), leaving out only the plugins that are about the app itself (its page
// assets and its offline worker), then precompresses it as `npm run build` does the app, so
// the app's server serves it the same way (WEB_DIST).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build, loadConfigFromFile } from 'vite';

const APP_ONLY_PLUGINS = /^(academy-page-assets|vite-plugin-pwa)/;

/** Builds the bare page into outDir. */
export async function buildBarePage(root, outDir) {
  const web = path.join(root, 'web');
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    path.join(web, 'vite.config.ts'),
    web,
    'silent',
  );
  if (!loaded) throw new Error('web/vite.config.ts did not load.');
  const { config } = loaded;
  await build({
    ...config,
    configFile: false,
    logLevel: 'warn',
    root: path.join(import.meta.dirname, 'bare'),
    plugins: config.plugins.flat(Infinity).filter((p) => p && !APP_ONLY_PLUGINS.test(p.name)),
    build: { ...config.build, outDir, emptyOutDir: true, manifest: false, sourcemap: false },
  });
  const run = spawnSync(process.execPath, [path.join(root, 'scripts/precompress.mjs'), outDir], {
    stdio: 'ignore',
  });
  if (run.status !== 0) throw new Error('Precompressing the bare page failed.');
}
