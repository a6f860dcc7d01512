#!/usr/bin/env node
// npm run bench:size — what each screen costs a phone to load, from the build's manifest.
// Budget: the JavaScript for the login screen under 120 kB gzipped; every screen is its own
// chunk; the emoji picker loads only when it is opened. Exits 1 when a budget is broken.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error('No build manifest: run `npm run build` first.');
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const LOGIN_BUDGET_KB = 120;

const gzipKb = (file) =>
  zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

/** The files a chunk needs before it runs: itself and its static imports, recursively. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}
const jsOf = (keys) => [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
const sizeOf = (files) => files.reduce((sum, f) => sum + gzipKb(f), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entry = closure(entryKey);
const screens = Object.keys(manifest)
  .filter((k) => /features\/.+-screen\.tsx$/.test(k))
  .sort();

// A screen the entry's route table does not name is found through the chunk that does (the
// signed-in screens' routes, web/src/app/signed-in-routes.tsx): that chunk loads first.
const routeTableOf = (key) =>
  manifest[entryKey].dynamicImports?.includes(key)
    ? undefined
    : Object.keys(manifest).find(
        (k) =>
          k !== entryKey && manifest[k].isDynamicEntry && manifest[k].dynamicImports?.includes(key),
      );

const failures = [];
const rows = screens.map((key) => {
  const table = routeTableOf(key);
  const files = new Set([
    ...jsOf(entry),
    ...(table ? jsOf(closure(table)) : []),
    ...jsOf(closure(key)),
  ]);
  return {
    screen: key.replace('src/features/', ''),
    ownChunk: manifest[key].isDynamicEntry === true,
    totalKb: sizeOf([...files]),
    ownKb: gzipKb(manifest[key].file),
  };
});

// Every screen module in the source must be a lazily loaded chunk of its own.
const sourceScreens = [];
(function walk(dir) {
  for (const entryName of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entryName.name);
    if (entryName.isDirectory()) walk(full);
    else if (entryName.name.endsWith('-screen.tsx'))
      sourceScreens.push(path.relative(path.join(root, 'web'), full));
  }
})(path.join(root, 'web/src/features'));
for (const source of sourceScreens) {
  if (!manifest[source]?.isDynamicEntry)
    failures.push(`${source} is not a lazily loaded chunk of its own`);
}

// The contract's zod schemas are for the server; the browser gets only types and the route table.
for (const file of fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'))) {
  const code = fs.readFileSync(path.join(dist, 'assets', file), 'utf8');
  if (code.includes('ZodError') || code.includes('$ZodType'))
    failures.push(
      `zod reached the browser in ${file}: import runtime values from @academy/contract/constants or /routes, never the package root`,
    );
  // A warning only React Router's development build keeps (web/vite.config.ts,
  // reactRouterProductionBuild): its checks would run at each render on every phone.
  if (code.includes('You rendered descendant <Routes>'))
    failures.push(`React Router's development build reached the browser in ${file}`);
}

const login = rows.find((r) => r.screen === 'accounts/login-screen.tsx');
if (!login) failures.push('the login screen is missing from the build');
else if (login.totalKb > LOGIN_BUDGET_KB)
  failures.push(
    `the login screen loads ${login.totalKb.toFixed(1)} kB of JavaScript (budget ${LOGIN_BUDGET_KB} kB)`,
  );

// The emoji picker: never in the entry, and never in a screen's static imports.
const emojiChunks = Object.keys(manifest).filter((k) => k.includes('emoji-picker'));
for (const key of emojiChunks) {
  if (entry.has(key)) failures.push('the emoji picker is in the entry chunk');
  for (const screen of screens)
    if (closure(screen).has(key))
      failures.push(`the emoji picker loads with ${screen}, not only when opened`);
}

console.log(
  'JavaScript each screen needs, gzipped (entry + the route table that names it + the screen and its imports):\n',
);
console.log('  total kB  own kB  screen');
for (const r of rows)
  console.log(
    `  ${r.totalKb.toFixed(1).padStart(8)}  ${r.ownKb.toFixed(1).padStart(6)}  ${r.screen}${r.ownChunk ? '' : '  (NOT its own chunk)'}`,
  );
console.log(`\nEntry chunk and its imports: ${sizeOf(jsOf(entry)).toFixed(1)} kB gzipped`);
console.log(
  `Emoji picker chunks: ${emojiChunks.length ? emojiChunks.map((k) => `${manifest[k].file} (${gzipKb(manifest[k].file).toFixed(1)} kB)`).join(', ') : 'none in this build'}`,
);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/size.json'),
  JSON.stringify({ loginBudgetKb: LOGIN_BUDGET_KB, rows, failures }, null, 2),
);

if (failures.length) {
  console.error(`\nBudget broken:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `\nWithin budget: login screen ${login.totalKb.toFixed(1)} kB of ${LOGIN_BUDGET_KB} kB; ${sourceScreens.length} screens, each its own chunk.`,
);
