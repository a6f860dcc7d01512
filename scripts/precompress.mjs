#!/usr/bin/env node
// Runs after `vite build`: writes a Brotli (.br) and a gzip (.gz) copy beside every text file
// of web/dist, and the server sends them to browsers that accept them (@fastify/static's
// preCompressed). The app's first script is ~350 kB as written and ~110 kB gzipped; a phone
// on a slow connection feels every one of those bytes before the first screen appears.
// Compressing once at build time costs nothing per request, unlike compressing on the fly.
// Another folder may be named (bench:lighthouse's bare page is served the same way).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../web/dist'));
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

let files = 0;
let before = 0;
let after = 0;
(function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (compressible.test(entry.name) && !entry.name.endsWith('.map')) {
      const raw = fs.readFileSync(full);
      if (raw.length < 1024) continue;
      const br = zlib.brotliCompressSync(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      });
      const gz = zlib.gzipSync(raw, { level: 9 });
      // Copies that save nothing would only cost a file read.
      if (br.length < raw.length * 0.9) fs.writeFileSync(`${full}.br`, br);
      if (gz.length < raw.length * 0.9) fs.writeFileSync(`${full}.gz`, gz);
      files += 1;
      before += raw.length;
      after += Math.min(br.length, raw.length);
    }
  }
})(dist);
console.log(
  `precompressed ${files} files in ${path.relative(process.cwd(), dist) || '.'}: ${(before / 1024).toFixed(0)} kB -> ${(after / 1024).toFixed(0)} kB (Brotli)`,
);
