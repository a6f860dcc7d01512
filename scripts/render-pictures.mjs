#!/usr/bin/env node
// Renders the app's raster pictures from their SVG sources in web/public, with the system
// Chromium: the app icons (PNG, the sizes browsers ask for) from branding/logo.svg, and the
// default pictures the screens show (WebP) from their SVGs. Run after changing an SVG:
//   node scripts/render-pictures.mjs                       (all of them)
//   node scripts/render-pictures.mjs icons/favicon-32.png  (the named files only)
// The SVGs stay served, so an old link or a page an installed app kept that names one still
// works (a saved setting names an uploaded file, never a default: settings-data.ts).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const pub = path.join(root, 'web/public');
const executablePath = [process.env.CHROME_PATH, '/usr/bin/chromium'].find(
  (p) => p && fs.existsSync(p),
);

// "any" icons are the logo itself; maskable ones keep the logo inside the 80% safe zone on
// the brand colour, so a launcher can crop them to any shape.
const icons = [
  // The tab's icon: a tab draws 16 px (32 on a dense screen), and the page decodes the image on
  // its main thread at every first load; the 192 px picture took that thread several times as
  // long (bench:lighthouse, docs/decisions.md "The tab's icon is a PNG").
  { file: 'icons/favicon-32.png', size: 32, maskable: false },
  { file: 'icons/icon-192.png', size: 192, maskable: false },
  { file: 'icons/icon-512.png', size: 512, maskable: false },
  { file: 'icons/maskable-512.png', size: 512, maskable: true },
  { file: 'icons/apple-touch-icon-180.png', size: 180, maskable: true },
];

// The default pictures of the login and home screens. Chromium builds a document for every SVG
// picture on the page's main thread, 10–12 ms on each first screen of a slow phone; a WebP is
// decoded off it (docs/decisions.md "The default pictures are WebP"). Sizes: the logo shows at
// 72 px (112 on the splash) and the avatars at 72, so 256 and 192 stay sharp on dense phone
// screens; the backgrounds are soft gradients, drawn at their SVG's own size. Quality: the
// most that keeps each within a few kilobytes without visible banding.
const pictures = [
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

const only = process.argv.slice(2);
const wanted = (item) => only.length === 0 || only.includes(item.file);
const browser = await chromium.launch({
  executablePath,
  args: ['--disable-background-networking', '--disable-gpu'],
});
const page = await browser.newPage();

const logo = fs.readFileSync(path.join(pub, 'branding/logo.svg'), 'utf8');
for (const icon of icons.filter(wanted)) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  const inner = icon.maskable ? Math.round(icon.size * 0.72) : icon.size;
  await page.setContent(`<!doctype html><html><body style="margin:0;display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px;background:${icon.maskable ? '#4338ca' : 'transparent'}">
    <div style="width:${inner}px;height:${inner}px">${logo.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body></html>`);
  await page.screenshot({ path: path.join(pub, icon.file), omitBackground: !icon.maskable });
  console.log(`wrote web/public/${icon.file}`);
}

// A screenshot is PNG or JPEG only; the canvas encodes WebP, keeping the pictures' transparency.
await page.setContent('<!doctype html><html><body></body></html>');
for (const picture of pictures.filter(wanted)) {
  const svg = fs.readFileSync(path.join(pub, picture.from), 'utf8');
  const dataUrl = await page.evaluate(
    async ({ svg, width, height, quality }) => {
      const image = new Image(width, height);
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d').drawImage(image, 0, 0, width, height);
      return canvas.toDataURL('image/webp', quality);
    },
    { svg, ...picture },
  );
  if (!dataUrl.startsWith('data:image/webp;base64,'))
    throw new Error(`${picture.file}: this Chromium did not encode WebP`);
  fs.writeFileSync(path.join(pub, picture.file), Buffer.from(dataUrl.split(',')[1], 'base64'));
  console.log(`wrote web/public/${picture.file}`);
}
await browser.close();
