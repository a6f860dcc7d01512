import { schemas } from '@academy/contract';
import { ANSWERED_FILE_TYPES } from '@academy/contract/constants';
import { type CallName, routes } from '@academy/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCases } from '../../security/cases.js';
import { createTestApp, type TestApp } from '../../test-support/harness.js';
import { buildWorld, type World } from '../../test-support/world.js';

/**
 * Issue 49, point 13: every CSV the app writes opens in Excel, so each starts with the UTF-8
 * byte-order mark (EF BB BF). The calls are found in the contract, not listed by hand: every
 * call whose answer carries a `csv` (the export calls' CsvFileResponse, the import's
 * passwords) and every call answering a file of type text/csv. Each is made as the
 * administrator with the access matrix's payload (security/cases.ts), so a CSV call added
 * later is checked here too.
 */

const UTF8_BOM = [0xef, 0xbb, 0xbf];

const answersCsvText = (name: CallName) => {
  const response = (schemas as Record<string, { response: unknown }>)[name]?.response as
    | { shape?: Record<string, unknown> }
    | undefined;
  return response?.shape !== undefined && 'csv' in response.shape;
};
const answersCsvFile = (name: CallName) => {
  const meta = routes[name] as { file?: keyof typeof ANSWERED_FILE_TYPES };
  return (
    meta.file !== undefined && (ANSWERED_FILE_TYPES[meta.file] as string).startsWith('text/csv')
  );
};

const names = Object.keys(routes) as CallName[];
const csvCalls = names.filter((name) => answersCsvText(name) || answersCsvFile(name));

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

describe('every CSV the app writes', () => {
  it('finds the CSV calls in the contract', () => {
    // The ones there were when this test was written; more may come, none may go unnoticed.
    expect(csvCalls).toEqual(
      expect.arrayContaining([
        'exportUsers',
        'importCredentials',
        'exportClassAttendance',
        'exportAttendanceWarnings',
        'exportResultSheet',
      ]),
    );
  });

  it.each(csvCalls)('%s starts with the UTF-8 byte-order mark', async (name) => {
    const res = await t.call(name, w.admin.token, {
      ...accessCases[name].payload(w),
      ...accessCases[name].files?.(),
    } as never);
    expect(res.statusCode, res.body).toBe(200);
    const bytes = answersCsvFile(name)
      ? (res.rawPayload ?? Buffer.alloc(0))
      : Buffer.from((res.json() as { csv: string }).csv, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual(UTF8_BOM);
    // Once: the header follows the mark straight away.
    expect(bytes[3]).not.toBe(0xef);
  });
});
