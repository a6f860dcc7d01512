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
import { icons, pictures, pub, readRecord, sourceDigest, writeRecord } from './pictures.mjs';

const executablePath = [process.env.CHROME_PATH, '/usr/bin/chromium'].find(
  (p) => p && fs.existsSync(p),
);

const only = process.argv.slice(2);
const wanted = (item) => only.length === 0 || only.includes(item.file);
const browser = await chromium.launch({
  executablePath,
  args: ['--disable-background-networking', '--disable-gpu'],
});
const page = await browser.newPage();
const record = readRecord();

for (const icon of icons.filter(wanted)) {
  const logo = fs.readFileSync(path.join(pub, icon.from), 'utf8');
  await page.setViewportSize({ width: icon.size, height: icon.size });
  const inner = icon.maskable ? Math.round(icon.size * 0.72) : icon.size;
  await page.setContent(`<!doctype html><html><body style="margin:0;display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px;background:${icon.maskable ? '#4338ca' : 'transparent'}">
    <div style="width:${inner}px;height:${inner}px">${logo.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body></html>`);
  await page.screenshot({ path: path.join(pub, icon.file), omitBackground: !icon.maskable });
  record[icon.file] = sourceDigest(icon);
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
  record[picture.file] = sourceDigest(picture);
  console.log(`wrote web/public/${picture.file}`);
}
await browser.close();
writeRecord(record);
