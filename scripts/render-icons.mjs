#!/usr/bin/env node
// Renders the app icons (PNG, the sizes browsers ask for) from web/public/branding/logo.svg
// with the system Chromium. Run after changing the logo: node scripts/render-icons.mjs
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
for (const icon of icons) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  const inner = icon.maskable ? Math.round(icon.size * 0.72) : icon.size;
  await page.setContent(`<!doctype html><html><body style="margin:0;display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px;background:${icon.maskable ? '#4338ca' : 'transparent'}">
    <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body></html>`);
  await page.screenshot({ path: path.join(out, icon.file), omitBackground: !icon.maskable });
  console.log(`wrote web/public/icons/${icon.file}`);
}
await browser.close();
