import { describe, expect, it } from 'vitest';
import { KEPT_ANSWER_PATHS, KEPT_ANSWERS } from './kept-answers.js';
import { type CallName, type RouteMeta, routes } from './routes/index.js';

describe('the answers a device may keep for use offline', () => {
  const kept = Object.keys(KEPT_ANSWERS) as CallName[];

  it("are a student's own JSON reads: GETs of one's own, never a file, a stream or staff's", () => {
    for (const name of kept) {
      const meta: RouteMeta = routes[name];
      expect(meta.method, name).toBe('GET');
      expect(meta.access, name).toBe('user');
      expect(meta.file, name).toBeUndefined();
      expect(meta.stream, name).toBeUndefined();
      expect(meta.path, name).toBe(KEPT_ANSWERS[name as keyof typeof KEPT_ANSWERS]);
    }
    expect(KEPT_ANSWER_PATHS.size).toBe(kept.length);
  });

  it('leave out every download, export and administrator’s setting the issue names', () => {
    const personal: CallName[] = [
      'getReportCard',
      'getCertificate',
      'getClassReportCards',
      'exportUsers',
      'exportResultSheet',
      'exportResultSheetXlsx',
      'exportClassAttendance',
      'exportAttendanceWarnings',
      'listOutbox',
      'getEmailSettings',
      'getSmsGateway',
    ];
    for (const name of personal) expect(KEPT_ANSWER_PATHS.has(routes[name].path), name).toBe(false);
  });
});
