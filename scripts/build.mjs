#!/usr/bin/env node
// `npm run build`: the contract, the server and the web app, in that order, then a stamp
// that says which sources this build is of (scripts/build-stamp.mjs).
// `npm start` runs it with --if-changed: when the stamp matches the sources and the output
// as they are, it builds nothing, so an unchanged restart is listening within seconds
// rather than after a minute's build.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildReason, clearStamp, sourceHash, writeStamp } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const WORKSPACES = ['contract', 'server', 'web'];

if (process.argv.includes('--if-changed')) {
  const reason = buildReason(root);
  if (!reason) {
    console.log('The build is up to date with the sources: not building.');
    process.exit(0);
  }
  console.log(`Building: ${reason}.`);
}

const sources = sourceHash(root);
clearStamp(root);
for (const workspace of WORKSPACES) {
  const run = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
writeStamp(root, sources);
