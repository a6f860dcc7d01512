// What a Playwright run's JSON report (e2e/playwright.config.ts writes it) says of each test
// that did not simply pass: the flaky ones (failed, then passed on a retry) and the failed
// ones, by file, line and title, for `npm test`'s summary. A retry that passes hides a race
// (CI retries once): the summary names it, so it is fixed rather than forgotten.
import fs from 'node:fs';

/** The report's flaky and failed tests, as `file:line › describe › title`; undefined without one. */
export function browserOutcomes(report) {
  if (!report || !Array.isArray(report.suites)) return undefined;
  const flaky = [];
  const failed = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      const name = `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`;
      for (const test of spec.tests ?? []) {
        const runs = test.results?.length ?? 0;
        if (test.status === 'flaky') flaky.push(`${name} (passed on try ${runs} of ${runs})`);
        else if (test.status === 'unexpected') failed.push(name);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top suites are the files, named in each spec's location already.
  for (const file of report.suites) walk(file, []);
  return { flaky, failed };
}

/** Reads the report a run wrote (undefined if it wrote none, or not as JSON). */
export function readBrowserOutcomes(file) {
  try {
    return browserOutcomes(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}
