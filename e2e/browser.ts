import fs from 'node:fs';

/**
 * The system Chromium the browser tests drive. Playwright never downloads a browser here:
 * CHROME_PATH, or Debian's /usr/bin/chromium.
 */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => Boolean(p && fs.existsSync(p)));
}
