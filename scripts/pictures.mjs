// The app's raster pictures and the SVGs they are rendered from (scripts/render-pictures.mjs
// renders them; scripts/pictures.test.mjs fails when an SVG changed after its pictures were
// rendered, so an edited logo cannot ship beside icons that still show the old one).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const pub = path.join(root, 'web/public');

// "any" icons are the logo itself; maskable ones keep the logo inside the 80% safe zone on
// the brand colour, so a launcher can crop them to any shape.
export const icons = [
  // The tab's icon: a tab draws 16 px (32 on a dense screen), and the page decodes the image on
  // its main thread at every first load; the 192 px picture took that thread several times as
  // long (bench:lighthouse, docs/decisions.md "The tab's icon is a PNG").
  { file: 'icons/favicon-32.png', size: 32, maskable: false, from: 'branding/logo.svg' },
  { file: 'icons/icon-192.png', size: 192, maskable: false, from: 'branding/logo.svg' },
  { file: 'icons/icon-512.png', size: 512, maskable: false, from: 'branding/logo.svg' },
  { file: 'icons/maskable-512.png', size: 512, maskable: true, from: 'branding/logo.svg' },
  { file: 'icons/apple-touch-icon-180.png', size: 180, maskable: true, from: 'branding/logo.svg' },
];

// The default pictures of the login and home screens. Chromium builds a document for every SVG
// picture on the page's main thread, 10–12 ms on each first screen of a slow phone; a WebP is
// decoded off it (docs/decisions.md "The default pictures are WebP"). Sizes: the logo shows at
// 72 px (112 on the splash) and the avatars at 72, so 256 and 192 stay sharp on dense phone
// screens; the backgrounds are soft gradients, drawn at their SVG's own size. Quality: the
// most that keeps each within a few kilobytes without visible banding.
export const pictures = [
  { file: 'branding/logo.webp', from: 'branding/logo.svg', width: 256, height: 256, quality: 0.85 },
  {
    file: 'branding/login-background.webp',
    from: 'branding/login-background.svg',
    width: 1600,
    height: 1000,
    quality: 0.75,
  },
  {
    file: 'branding/user-background.webp',
    from: 'branding/user-background.svg',
    width: 1600,
    height: 600,
    quality: 0.75,
  },
  ...['default', 'female', 'male'].map((name) => ({
    file: `avatars/${name}.webp`,
    from: `avatars/${name}.svg`,
    width: 192,
    height: 192,
    quality: 0.85,
  })),
];

/** Where the digest of each picture's source, as it was when the picture was rendered, is kept. */
export const RECORD = path.join(root, 'scripts/rendered-pictures.json');

/** A picture's SVG and its entry above (size, quality): either changed calls for a new rendering. */
export function sourceDigest(item) {
  const svg = fs.readFileSync(path.join(pub, item.from));
  return crypto.createHash('sha256').update(svg).update(JSON.stringify(item)).digest('hex');
}

export function readRecord() {
  return fs.existsSync(RECORD) ? JSON.parse(fs.readFileSync(RECORD, 'utf8')) : {};
}

export function writeRecord(record) {
  const sorted = Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(RECORD, `${JSON.stringify(sorted, null, 2)}\n`);
}
