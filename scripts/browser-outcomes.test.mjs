import { describe, expect, it } from 'vitest';
import { browserOutcomes, readBrowserOutcomes } from './browser-outcomes.mjs';

/** A Playwright JSON report's shape (trimmed from a real run with `retries: 1`). */
const result = (status) => ({ status, retry: 0, duration: 1 });
const report = {
  suites: [
    {
      title: 'live.spec.ts',
      file: 'live.spec.ts',
      specs: [
        {
          title: 'passes',
          file: 'live.spec.ts',
          line: 2,
          tests: [{ status: 'expected', results: [result('passed')] }],
        },
      ],
      suites: [
        {
          title: 'a group',
          file: 'live.spec.ts',
          specs: [
            {
              title: 'fails once, then passes',
              file: 'live.spec.ts',
              line: 152,
              tests: [{ status: 'flaky', results: [result('failed'), result('passed')] }],
            },
            {
              title: 'always fails',
              file: 'live.spec.ts',
              line: 170,
              tests: [{ status: 'unexpected', results: [result('failed'), result('failed')] }],
            },
            {
              title: 'skipped here',
              file: 'live.spec.ts',
              line: 180,
              tests: [{ status: 'skipped', results: [] }],
            },
          ],
        },
      ],
    },
  ],
};

describe("the browser step's summary", () => {
  it('names the tests that passed only on a retry as flaky, and the failed ones, by file, line and title', () => {
    expect(browserOutcomes(report)).toEqual({
      flaky: ['live.spec.ts:152 › a group › fails once, then passes (passed on try 2 of 2)'],
      failed: ['live.spec.ts:170 › a group › always fails'],
    });
  });

  it('says there is no report rather than that nothing was flaky', () => {
    expect(browserOutcomes(undefined)).toBeUndefined();
    expect(readBrowserOutcomes('/nonexistent/browser-report.json')).toBeUndefined();
  });
});
