import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readVitestOutcomes, vitestOutcomes } from './vitest-outcomes.mjs';

/** A vitest JSON report's shape (trimmed from a real run: a beforeAll that threw, a failed test). */
const report = {
  success: false,
  testResults: [
    {
      name: '/repo/server/src/a.int.test.ts',
      status: 'failed',
      message:
        '\u001b[31mMigration (unknown) failed: cache lookup failed\u001b[39m\nat x\nat y\nat z',
      assertionResults: [{ fullName: 'a grid holds rows', status: 'skipped', failureMessages: [] }],
    },
    {
      name: '/repo/server/src/b.int.test.ts',
      status: 'failed',
      message: '',
      assertionResults: [
        { fullName: 'b passes', status: 'passed', failureMessages: [] },
        {
          fullName: 'b counts',
          status: 'failed',
          failureMessages: [`AssertionError: expected 1 to be 2\n${'x'.repeat(300)}`],
        },
      ],
    },
    { name: '/repo/server/src/c.int.test.ts', status: 'passed', assertionResults: [] },
  ],
};

describe("vitest's failures, for npm test's summary", () => {
  it("names a file whose hook failed with its error's first lines, and a failed test with its own", () => {
    expect(vitestOutcomes(report, '/repo')).toEqual([
      'server/src/a.int.test.ts',
      '  Migration (unknown) failed: cache lookup failed',
      '  at x',
      '  at y',
      'server/src/b.int.test.ts › b counts',
      '  AssertionError: expected 1 to be 2',
      `  ${'x'.repeat(200)}…`,
    ]);
  });

  it('names a dozen and counts the rest', () => {
    const many = {
      testResults: Array.from({ length: 15 }, (_, i) => ({
        name: `/repo/f${i}.test.ts`,
        status: 'failed',
        message: 'boom',
        assertionResults: [],
      })),
    };
    const lines = vitestOutcomes(many, '/repo');
    expect(lines.filter((l) => l.endsWith('.test.ts'))).toHaveLength(12);
    expect(lines.at(-1)).toBe('(and 3 more)');
  });

  it('reads nothing from a run that wrote no report, or not JSON', () => {
    expect(vitestOutcomes(undefined)).toBeUndefined();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitest-outcomes-'));
    expect(readVitestOutcomes(path.join(dir, 'none.json'))).toBeUndefined();
    fs.writeFileSync(path.join(dir, 'bad.json'), '{');
    expect(readVitestOutcomes(path.join(dir, 'bad.json'))).toBeUndefined();
    fs.writeFileSync(path.join(dir, 'ok.json'), JSON.stringify({ testResults: [] }));
    expect(readVitestOutcomes(path.join(dir, 'ok.json'))).toEqual([]);
    fs.rmSync(dir, { recursive: true });
  });
});
