import { describe, expect, it } from 'vitest';
import { type AuditEntry, describeEntry } from './audit-words';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  actor_name: 'Sara',
  actor_role: 'admin',
  action: 'sendAssignment',
  target_user_id: 7,
  target_user_name: 'Ali Rezaei',
  target_user_deleted: false,
  details: '{}',
  subject: null,
  student_names: [],
  created_at: '2026-11-25 10:04:00',
  ...overrides,
});

/** An entry about no one in particular: the settings, an item, a notification to all. */
const NO_TARGET = { target_user_id: null, target_user_name: null };

/** The words for an entry whose details are the call's payload, as the server keeps it. */
const wordsFor = (overrides: Partial<AuditEntry>, details: object) =>
  describeEntry(entry({ ...overrides, details: JSON.stringify(details) }));

describe('an audit entry in words', () => {
  it('words a settings save: what was set, a link put back, images back to the default', () => {
    const described = wordsFor(
      { action: 'saveSettings', ...NO_TARGET },
      {
        academy_name: 'Sunrise Language School',
        time_zone: 'Asia/Tehran',
        website_url: '',
        use_default: ['logo', 'home_background'],
      },
    );
    expect(described.sentence).toBe('Sara (admin) changed the academy’s settings');
    expect(described.details).toEqual([
      ['Academy name', 'Sunrise Language School'],
      ['Time zone', 'Asia/Tehran'],
      ['Website link', 'the default'],
      ['Back to the default', 'the logo'],
      ['Back to the default', 'the home background'],
    ]);
  });

  it('says who did what to whom, and when, in words and a date', () => {
    const described = wordsFor(
      {},
      {
        user_id: 7,
        title: 'Essay on travel',
        description: 'Due Friday',
        file_links: [{ title: 'Brief', url: 'https://example.com/brief.pdf' }],
      },
    );
    expect(described.sentence).toBe('Sara (admin) sent an assignment to Ali Rezaei');
    expect(described.when).toMatch(/^November 25, 2026 at \d{1,2}:04 [AP]M$/);
    expect(described.details).toEqual([
      ['Title', 'Essay on travel'],
      ['Description', 'Due Friday'],
      ['Link 1', 'Brief (https://example.com/brief.pdf)'],
    ]);
  });

  it('shows moments as dates and students by name, never epoch numbers or ids', () => {
    const described = wordsFor(
      { action: 'saveSkillItem', ...NO_TARGET, student_names: ['Mina', 'Ali Rezaei'] },
      {
        kind: 'reading',
        title: 'The Old Man and the Sea',
        description: '',
        access_start: Date.UTC(2026, 11, 1, 9, 0),
        access_end: Date.UTC(2026, 11, 8, 9, 0),
        link_url: 'https://files.example.com/sea.pdf',
        student_ids: [3, 9],
      },
    );
    expect(described.sentence).toBe('Sara (admin) created the reading “The Old Man and the Sea”');
    const shown = Object.fromEntries(described.details);
    expect(shown.Opens).toMatch(/^(November 30|December 1), 2026 at /);
    expect(shown.Link).toBe('https://files.example.com/sea.pdf');
    expect(shown.For).toBe('Mina, Ali Rezaei');
    expect(JSON.stringify(described)).not.toMatch(/\d{12}|\[3,9\]|"id"/);
  });

  it('words a mark on an attempt, and a mark taken away (issue 30)', () => {
    const attempt = { action: 'markSkillAttempt', subject: 'Final exam' };
    const marked = wordsFor(attempt, { item_id: 4, user_id: 7, mark: '85.5' });
    expect(marked.sentence).toBe('Sara (admin) marked the item “Final exam” for Ali Rezaei');
    expect(marked.details).toEqual([['Mark', '85.5']]);
    const cleared = wordsFor(attempt, { item_id: 4, user_id: 7, mark: '' });
    expect(cleared.sentence).toBe(
      'Sara (admin) took away the mark on the item “Final exam” for Ali Rezaei',
    );
  });

  it('names what a change was about, or says it is gone, and hides what is secret', () => {
    expect(
      describeEntry(
        entry({ action: 'deleteCard', subject: 'apple', details: '{"user_id":7,"card_id":4}' }),
      ).sentence,
    ).toBe('Sara (admin) deleted the card “apple” of Ali Rezaei');
    expect(
      describeEntry(entry({ action: 'deleteCard', details: '{"user_id":7,"card_id":4}' })).sentence,
    ).toBe('Sara (admin) deleted a card (no longer there) of Ali Rezaei');
    const reset = describeEntry(
      entry({ action: 'resetPassword', details: '{"user_id":7,"new_password":"[hidden]"}' }),
    );
    expect(reset.sentence).toBe('Sara (admin) reset the password of Ali Rezaei');
    expect(reset.details).toEqual([]);
    expect(
      wordsFor(
        { action: 'addNotification', ...NO_TARGET },
        { user_id: 'all', message: 'No class on Friday' },
      ),
    ).toMatchObject({
      sentence: 'Sara (admin) sent a notification to all students',
      details: [['Message', 'No class on Friday']],
    });
  });

  it('still says something for a payload cut to the size limit, or a call it has no words for', () => {
    const cut = describeEntry(entry({ details: '{"title":"A very long…' }));
    expect(cut).toMatchObject({
      sentence: 'Sara (admin) sent an assignment to Ali Rezaei',
      isCut: true,
    });
    expect(describeEntry(entry({ action: 'renamedCall' })).sentence).toBe(
      'Sara (admin) made a change: Renamed call',
    );
  });

  // Issue 49, point 6.
  it('names a teacher as a teacher, and no role when the log does not know it', () => {
    const roll = { action: 'saveRoll', ...NO_TARGET, subject: 'B1 Evenings, 2026-11-30 18:00' };
    expect(wordsFor({ ...roll, actor_role: 'teacher' }, { class_session_id: 4 }).sentence).toBe(
      'Sara (teacher) saved the roll of “B1 Evenings, 2026-11-30 18:00”',
    );
    expect(wordsFor({ ...roll, actor_role: null }, { class_session_id: 4 }).sentence).toBe(
      'Sara saved the roll of “B1 Evenings, 2026-11-30 18:00”',
    );
  });

  it('names a class that exists by its name, a form’s class id too', () => {
    expect(
      wordsFor(
        { action: 'addNotification', ...NO_TARGET, subject: 'B1 Evenings' },
        { class_id: '3', message: 'Hello' },
      ).sentence,
    ).toBe('Sara (admin) sent a notification to the class “B1 Evenings”');
    expect(
      wordsFor(
        { action: 'setClassTeachers', ...NO_TARGET, subject: 'B1 Evenings' },
        { class_id: 3, teacher_ids: [9] },
      ).sentence,
    ).toBe('Sara (admin) gave the class “B1 Evenings” its teacher');
  });

  it('names the student, the component and old → new of a score changed after publishing', () => {
    const scores = { action: 'saveResultScores', ...NO_TARGET, subject: 'B1 Evenings' };
    const one = wordsFor(
      { ...scores, actor_role: 'teacher' },
      {
        published_changes: [{ student: 'Ali Rezaei', component: 'Final', was: '70', now: '75.5' }],
        class_id: 3,
        term_id: 1,
        scores: [{ student_id: 7, component_key: 'k3', score: '75.5' }],
      },
    );
    expect(one.sentence).toBe(
      'Sara (teacher) changed Ali Rezaei’s published Final score from 70 to 75.5 on the results of the class “B1 Evenings”',
    );
    expect(one.details).toEqual([]);
    const two = wordsFor(scores, {
      published_changes: [
        { student: 'Ali Rezaei', component: 'Final', was: '70', now: '75.5' },
        { student: 'Sara Karimi', component: 'Midterm', was: '60', now: 'none' },
      ],
      class_id: 3,
      scores: [],
    });
    expect(two.sentence).toBe(
      'Sara (admin) changed 2 published scores on the results of the class “B1 Evenings”',
    );
    expect(two.details).toEqual([
      ['Ali Rezaei, Final', '70 → 75.5'],
      ['Sara Karimi, Midterm', '60 → none'],
    ]);
    // Before publishing, typing is only typing.
    expect(
      wordsFor(scores, {
        class_id: 3,
        scores: [{ student_id: 7, component_key: 'k3', score: '1' }],
      }).sentence,
    ).toBe('Sara (admin) typed a score on the results of the class “B1 Evenings”');
  });
});
