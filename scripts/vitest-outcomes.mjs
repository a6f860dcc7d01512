// What a vitest run's JSON report (`--reporter=json`) says of each file or test that failed,
// with the first lines of its error, for `npm test`'s summary. CI keeps only the end of a
// run's output; a file whose beforeAll failed printed its cause far above, and the end showed
// only what followed from it (its afterAll on an app never made). The summary names the cause.
import fs from 'node:fs';
import path from 'node:path';

/** The most failures the summary names; the rest are counted. */
const NAMED_MAX = 12;
/** Of an error, the lines kept and the characters of each. */
const LINES_MAX = 3;
const LINE_CHARS = 200;

/** An error message's first lines, each cut to a readable length, without colour codes. */
function firstLines(message) {
  return (
    String(message ?? '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes.
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(0, LINES_MAX)
      .map((line) => (line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS)}…` : line))
  );
}

/**
 * The report's failures, each as lines: `file › test` (or the file alone when the file itself
 * failed: a hook, an import), then its error's first lines indented. Undefined without a report.
 */
export function vitestOutcomes(report, root = process.cwd()) {
  if (!report || !Array.isArray(report.testResults)) return undefined;
  const failures = [];
  for (const file of report.testResults) {
    const name = path.relative(root, file.name ?? '') || String(file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    // A file that failed with no test failing failed outside its tests (a hook, an import).
    if (file.status === 'failed' && (failedTests.length === 0 || file.message))
      failures.push([name, ...firstLines(file.message).map((l) => `  ${l}`)]);
    for (const test of failedTests)
      failures.push([
        `${name} › ${test.fullName ?? test.title}`,
        ...firstLines(test.failureMessages?.[0]).map((l) => `  ${l}`),
      ]);
  }
  const named = failures.slice(0, NAMED_MAX).flat();
  if (failures.length > NAMED_MAX) named.push(`(and ${failures.length - NAMED_MAX} more)`);
  return named;
}

/** Reads the report a run wrote (undefined if it wrote none, or not as JSON). */
export function readVitestOutcomes(file) {
  try {
    return vitestOutcomes(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}
