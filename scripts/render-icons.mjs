#!/usr/bin/env node
// Renders the app icons (PNG, the sizes browsers ask for) from web/public/branding/logo.svg
// with the system Chromium. Run after changing the logo: node scripts/render-icons.mjs
// (or name the files to render: node scripts/render-icons.mjs favicon-32.png)
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const svg = fs.readFileSync(path.join(root, 'web/public/branding/logo.svg'), 'utf8');
const out = path.join(root, 'web/public/icons');
const executablePath = [process.env.CHROME_PATH, '/usr/bin/chromium'].find(
  (p) => p && fs.existsSync(p),
);

// "any" icons are the logo itself; maskable ones keep the logo inside the 80% safe zone on
// the brand colour, so a launcher can crop them to any shape.
const icons = [
  // The tab's icon: a tab draws 16 px (32 on a dense screen), and the page decodes the image on
  // its main thread at every first load; the 192 px picture took that thread several times as
  // long (bench:lighthouse, docs/decisions.md "The tab's icon is a PNG").
  { file: 'favicon-32.png', size: 32, maskable: false },
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

const browser = await chromium.launch({
  executablePath,
  args: ['--disable-background-networking', '--disable-gpu'],
});
const page = await browser.newPage();
fs.mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);
for (const icon of icons.filter((i) => only.length === 0 || only.includes(i.file))) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  const inner = icon.maskable ? Math.round(icon.size * 0.72) : icon.size;
  await page.setContent(`<!doctype html><html><body style="margin:0;display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px;background:${icon.maskable ? '#4338ca' : 'transparent'}">
    <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body></html>`);
  await page.screenshot({ path: path.join(out, icon.file), omitBackground: !icon.maskable });
  console.log(`wrote web/public/icons/${icon.file}`);
}
await browser.close();
