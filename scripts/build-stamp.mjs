// Whether the build in contract/dist, server/dist and web/dist is the build of the sources as
// they are now, so that `npm start` builds only when something that goes into the build
// changed (issue 28, point 9).
//
// A good build ends by writing a stamp: a hash of the contents of every input, and a
// fingerprint (path, size, modification time) of every file the build wrote. The stamp is
// removed before a build starts, so a build that fails or is killed half-way leaves none,
// and the next start builds again. A stamp answers "up to date" only when both still match:
// an edited source changes the first, and a build made some other way since (a workspace's
// own `npm run build -w web`, a build for another APP_VERSION, a deleted dist) the second.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What the build reads: each workspace it builds, whole, and the root files they share. */
export const INPUTS = [
  'contract',
  'server',
  'web',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  // The build's own steps.
  'scripts/build.mjs',
  'scripts/build-stamp.mjs',
  'scripts/precompress.mjs',
];

/** What the build writes. */
export const OUTPUTS = ['contract/dist', 'server/dist', 'web/dist'];

/**
 * Left out of the inputs: installed packages, the build's own output, and TypeScript's
 * incremental caches. Anything else in a workspace counts, tests included: a needless
 * build costs a minute, a missed one serves stale code.
 */
const SKIPPED = new Set(['node_modules', 'dist', 'dev-dist']);
const skipped = (name) => SKIPPED.has(name) || name.endsWith('.tsbuildinfo');

/** Where the stamp is kept: beside the installed packages, so a fresh install builds. */
export const stampPath = (root) => path.join(root, 'node_modules/.cache/academy-build.json');

/** Every file under `entry` (a file or a folder, relative to root), sorted, skipping SKIPPED. */
function files(root, entry) {
  const full = path.join(root, entry);
  let stat;
  try {
    stat = fs.statSync(full);
  } catch {
    return [];
  }
  if (!stat.isDirectory()) return [entry];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((d) => !skipped(d.name))
    .map((d) => d.name)
    .sort()
    .flatMap((name) => files(root, path.posix.join(entry, name)));
}

/** Every input file, relative to root. */
export const inputFiles = (root) => INPUTS.flatMap((entry) => files(root, entry));

/** A hash of every input's path and contents. */
export function sourceHash(root) {
  const hash = crypto.createHash('sha256');
  for (const file of inputFiles(root)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** A hash of every output's path, size and modification time; null when an output is missing. */
export function outputFingerprint(root) {
  const hash = crypto.createHash('sha256');
  for (const dir of OUTPUTS) {
    if (!fs.existsSync(path.join(root, dir))) return null;
    for (const file of files(root, dir)) {
      const { size, mtimeMs } = fs.statSync(path.join(root, file));
      hash.update(`${file}\0${size}\0${mtimeMs}\0`);
    }
  }
  return hash.digest('hex');
}

function readStamp(root) {
  try {
    return JSON.parse(fs.readFileSync(stampPath(root), 'utf8'));
  } catch {
    return null;
  }
}

/** Why the build must run again, or null when the last good build is of these sources. */
export function buildReason(root) {
  const stamp = readStamp(root);
  if (!stamp) return 'no finished build recorded';
  if (stamp.sources !== sourceHash(root)) return 'the sources changed since the last build';
  if (stamp.outputs !== outputFingerprint(root))
    return 'the build output changed since the last build';
  return null;
}

/** Before a build: from here until it succeeds, the output is not known to be good. */
export function clearStamp(root) {
  fs.rmSync(stampPath(root), { force: true });
}

/**
 * After a good build, given the hash of the sources it read (taken before it started, so a
 * source edited while it ran makes the next start build again).
 */
export function writeStamp(root, sources) {
  const outputs = outputFingerprint(root);
  if (!outputs) throw new Error('The build left an output folder missing.');
  fs.mkdirSync(path.dirname(stampPath(root)), { recursive: true });
  const stamp = { sources, outputs, builtAt: new Date().toISOString() };
  // Written whole or not at all: a kill mid-write must not leave a stamp that parses.
  const temporary = `${stampPath(root)}.${process.pid}`;
  fs.writeFileSync(temporary, JSON.stringify(stamp));
  fs.renameSync(temporary, stampPath(root));
}
