import { describe, expect, it } from 'vitest';
import {
  KEPT_ANSWER_PATHS,
  KEPT_ANSWERS,
  keptAnswerOwner,
  TEACHER_KEPT_ANSWER_PATHS,
  TEACHER_KEPT_ANSWERS,
} from './kept-answers.js';
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

  it("a teacher's are their teaching day and its rolls: staff GETs, never a file or a stream", () => {
    expect(Object.keys(TEACHER_KEPT_ANSWERS).sort()).toEqual(['getRoll', 'getTeachingDay']);
    for (const name of Object.keys(TEACHER_KEPT_ANSWERS) as (keyof typeof TEACHER_KEPT_ANSWERS)[]) {
      const meta: RouteMeta = routes[name];
      expect(meta.method, name).toBe('GET');
      expect(meta.access, name).toBe('staff');
      expect(meta.file, name).toBeUndefined();
      expect(meta.stream, name).toBeUndefined();
      expect(meta.path, name).toBe(TEACHER_KEPT_ANSWERS[name]);
      expect(KEPT_ANSWER_PATHS.has(meta.path), name).toBe(false);
    }
    expect(TEACHER_KEPT_ANSWER_PATHS.size).toBe(2);
  });

  it('say whose each kept path is, and nothing else is kept', () => {
    expect(keptAnswerOwner('/api/get_results.php')).toBe('student');
    expect(keptAnswerOwner('/api/get_teaching_day.php')).toBe('teacher');
    expect(keptAnswerOwner('/api/get_roll.php')).toBe('teacher');
    for (const name of [
      'saveRoll',
      'getClassAttendance',
      'getClassSessions',
      'exportUsers',
    ] as const)
      expect(keptAnswerOwner(routes[name].path), name).toBeUndefined();
    expect(keptAnswerOwner('/api/get_roll.php/../export_users.php')).toBeUndefined();
  });
});
