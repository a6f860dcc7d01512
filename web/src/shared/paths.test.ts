import { describe, expect, it } from 'vitest';
import { fromOldIdLink } from './old-links';
import { hrefs, paths } from './paths';

describe('the links', () => {
  it('fill a route with its record', () => {
    expect(hrefs.studentPage(12)).toBe('/students/12');
    expect(hrefs.classPage(3)).toBe('/classes/3');
    expect(hrefs.sentItem(40)).toBe('/sent-items/40');
    expect(hrefs.resultSheet(3)).toBe('/classes/3/results');
    expect(hrefs.verifyCertificate('ABCDE-FGHJK-LMNPQ-RSTUV')).toBe(
      '/verify/ABCDE-FGHJK-LMNPQ-RSTUV',
    );
  });

  it('carry their search parameters under the names the screens read', () => {
    expect(hrefs.studentsCorrection(7, 9)).toBe('/students-correction?user_id=7&submission_id=9');
    expect(hrefs.sendAssignmentTo(3)).toBe('/send-assignment?class=3');
    expect(hrefs.sendNotificationTo(3)).toBe('/send-notification?class=3');
    expect(hrefs.submitAssignment(5)).toBe('/submit-assignment?assignment_id=5');
    expect(hrefs.downloadAssignment(5)).toBe('/download-assignment?assignment=5');
    expect(hrefs.importSlips(2)).toBe('/import-slips?job=2');
    expect(hrefs.sentItems('notification')).toBe('/sent-items?kind=notification');
    expect(hrefs.sentItems()).toBe(paths.sentItems);
    expect(hrefs.resultSheet(3, 8)).toBe('/classes/3/results?term=8');
    expect(hrefs.quizAttempt(12, 7)).toBe('/quiz-attempts/12?user_id=7');
    expect(hrefs.quizAttempts(4)).toBe('/quizzes/4/attempts');
    expect(hrefs.quizTaking(9)).toBe('/my-quizzes/attempts/9');
    expect(hrefs.quizReview(9)).toBe('/my-quizzes/review/9');
  });
});

describe('an old ?id= link', () => {
  const load = (url: string) =>
    fromOldIdLink(hrefs.classPage)({
      request: new Request(`https://academy.example${url}`),
      params: {},
      context: undefined,
    } as Parameters<ReturnType<typeof fromOldIdLink>>[0]);

  it("goes on to the record's own route", () => {
    const answer = load('/classes?id=5');
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get('Location')).toBe('/classes/5');
  });

  it('leaves the list alone without one, or with one that is not an id', () => {
    expect(load('/classes')).toBeNull();
    expect(load('/classes?id=abc')).toBeNull();
  });
});
