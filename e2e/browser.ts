import fs from 'node:fs';

const exists = (p: string | undefined): p is string => Boolean(p && fs.existsSync(p));

/** Debian's full Chromium, under either of its names. */
const FULL_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * The system Chromium the browser tests drive; Playwright never downloads a browser here.
 * CHROME_PATH, else Debian's chromium-headless-shell, else Debian's chromium. The shell is
 * the same engine without the window system and the browser's own services, and runs the
 * suite in about 40% less time on this machine (bench/README.md, "The browser suite on this
 * machine, and Debian's headless shell").
 */
export function findChromium(): string | undefined {
  return [process.env.CHROME_PATH, '/usr/bin/chromium-headless-shell', ...FULL_CHROMIUM].find(
    exists,
  );
}

/**
 * A full Chromium, for the tests that need what the shell leaves out: the push messaging
 * service (tests/push.spec.ts). CHROME_FULL_PATH, else Debian's chromium, else findChromium().
 */
export function findFullChromium(): string | undefined {
  return [process.env.CHROME_FULL_PATH, ...FULL_CHROMIUM].find(exists) ?? findChromium();
}
