import type { CallResponse } from '@academy/contract';
import type { routes } from '@academy/contract/routes';
import { formatInstant, formatLongDateTime, formatWallTime } from '../../lib/dates';
import { genderWord } from '../../lib/genders';
import { roleWord } from '../../lib/roles';

export type AuditEntry = CallResponse<'auditLog'>['entries'][number];

type Routes = typeof routes;

/**
 * The calls the log can hold (as the server's audit hook decides): every POST that changes
 * something and is not about the caller's own session. Each has words below; a call added to
 * the route table without them does not compile.
 */
export type AuditedCall = {
  [K in keyof Routes]: Routes[K] extends { method: 'POST' }
    ? Routes[K] extends { readsOnly: true } | { ownSession: true } | { access: 'public' }
      ? never
      : K
    : never;
}[keyof Routes];

/** A payload as the log keeps it: JSON, secrets as '[hidden]' (uploaded files are not in it). */
type Payload = Record<string, unknown>;

/** One line of an entry's details: what, and its value as a person reads it. */
export type Detail = [label: string, value: string];

interface Words {
  /** What the admin did, after their name: 'sent an assignment to Ali Rezaei'. */
  did: (entry: Named, payload: Payload) => string;
  /** The payload's meaningful fields (not ids, not secrets). */
  details?: (payload: Payload, entry: Named) => (Detail | null)[];
}

/** An entry with the names the words need: who it was for, and what it was about. */
interface Named extends AuditEntry {
  /** The student the change was for ('a student who no longer exists' if gone), or null. */
  target: string | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const quoted = (value: string | null | undefined) => (value ? `“${value}”` : '');
const field = (label: string, value: unknown): Detail | null => {
  const shown = typeof value === 'number' ? String(value) : text(value).trim();
  return shown ? [label, shown] : null;
};
/**
 * A moment as the server parsed it: epoch milliseconds, or (contract's Moment) an instant or a
 * wall time on the academy's clock, shown as written ('January 15, 2030 at 9:30 AM').
 */
const when = (label: string, value: unknown): Detail | null => {
  if (typeof value === 'number') return [label, formatInstant(value)];
  if (value && typeof value === 'object') {
    const moment = value as { instant?: unknown; local?: unknown };
    if (typeof moment.instant === 'number') return [label, formatInstant(moment.instant)];
    if (typeof moment.local === 'string') return [label, formatWallTime(moment.local)];
  }
  return field(label, value);
};
/** 'to Ali Rezaei', or nothing when the entry names no student. */
const to = (entry: Named, word = 'to') => (entry.target ? ` ${word} ${entry.target}` : '');
const of = (entry: Named) => to(entry, 'of');
/** Who a send went to: a student, the class (by its name now), or the chosen students. */
const recipients = (entry: Named, payload: Payload) => {
  if (payload.class_id !== undefined)
    return entry.subject
      ? ` to the class ${quoted(entry.subject)}`
      : ' to a class (no longer there)';
  if (Array.isArray(payload.user_ids)) return ` to ${names(entry, payload.user_ids.length)}`;
  return to(entry);
};
/** The students an entry lists, by name where the log found them. */
const names = (entry: Named, count: number) =>
  entry.student_names.length > 0 && entry.student_names.length <= 5
    ? entry.student_names.join(', ')
    : `${count} students`;
const forStudent = (entry: Named) => to(entry, 'for');
/** 'the card “apple”', or 'a card' once it no longer exists. */
const the = (thing: string, entry: Named) =>
  entry.subject ? `the ${thing} ${quoted(entry.subject)}` : `a ${thing} (no longer there)`;
const skillNoun: Record<string, string> = {
  exam: 'exam',
  reading: 'reading',
  listening: 'listening',
  story: 'story',
};

const imageWords: Record<string, string> = {
  logo: 'the logo',
  login_background: 'the login background',
  home_background: 'the home background',
};
/** A settings link as saved: '' puts the default back. */
const link = (label: string, value: unknown): Detail | null =>
  value === '' ? [label, 'the default'] : field(label, value);

/** A score changed after its student's result was published, as the server names it. */
interface PublishedChange {
  student: string;
  component: string;
  was: string;
  now: string;
}

/** The published scores a save changed (issue 49, point 6): none in an older entry. */
const publishedChanges = (p: Payload): PublishedChange[] =>
  (Array.isArray(p.published_changes) ? p.published_changes : []).flatMap((change) => {
    const c = (change ?? {}) as Payload;
    return [c.student, c.component, c.was, c.now].every((v) => typeof v === 'string')
      ? [
          {
            student: text(c.student),
            component: text(c.component),
            was: text(c.was),
            now: text(c.now),
          },
        ]
      : [];
  });

/** Who made a change, as what: '(admin)', '(teacher)', or nothing when the log does not know. */
const AS_ROLE: Record<NonNullable<AuditEntry['actor_role']>, string> = {
  admin: ' (admin)',
  teacher: ' (teacher)',
};

const words: Record<AuditedCall, Words> = {
  saveSettings: {
    did: () => 'changed the academy’s settings',
    details: (p) => [
      field('Academy name', p.academy_name),
      field('Time zone', p.time_zone),
      link('Online class link', p.online_class_url),
      link('Website link', p.website_url),
      field('Attendance rules', p.roll_rules === undefined ? '' : 'changed'),
      // Saved before terms (issue 30) replaced the one day.
      field('Term starts', p.term_starts === '' ? 'none (every roll counts)' : p.term_starts),
      ...(Array.isArray(p.use_default) ? p.use_default : []).map((image) =>
        field('Back to the default', imageWords[text(image)]),
      ),
    ],
  },
  // E-mail (issue 31): the password is '[hidden]' in the log, and not shown at all.
  saveEmailSettings: {
    did: () => 'changed the e-mail settings',
    details: (p) => [
      field('SMTP server', p.host === undefined ? '' : `${text(p.host)}:${String(p.port ?? '')}`),
      field('Security', p.security),
      field('User name', p.user),
      field('Password', p.password ? 'changed' : ''),
      field(
        'Sender',
        p.sender_name === undefined ? '' : `${text(p.sender_name)} <${text(p.sender_address)}>`,
      ),
    ],
  },
  clearEmailSettings: { did: () => 'turned e-mail off' },
  sendTestEmail: {
    did: (_, p) => `sent a test e-mail to ${text(p.to) || 'an address'}`,
  },
  saveTerm: {
    did: (_, p) =>
      `${p.id === undefined ? 'added' : 'changed'} the term ${quoted(text(p.name).trim())}`,
    details: (p) => [field('First day', p.first_day), field('Last day', p.last_day)],
  },
  deleteTerm: { did: () => 'deleted a term' },
  // Tuition (issue 52): amounts in the currency's smallest unit, as the server logs them.
  saveFeePlan: {
    did: (_, p) => `set a class's fee plan${p.class ? ` for ${quoted(text(p.class))}` : ''}`,
    details: (p) => [field('Term', p.term), field('Total', p.total)],
  },
  chargeClassFees: {
    did: () => "charged a class's fees",
    details: (p) => [
      field('Each', p.each),
      field('Charged', p.charged),
      field('Skipped', p.skipped),
    ],
  },
  recordPayment: {
    did: (entry) => `recorded a payment${to(entry, 'from')}`,
    details: (p) => [
      field('Amount', p.amount),
      field('Method', p.method),
      field('Receipt', p.receipt_number),
      field('Balance after', p.balance_after),
    ],
  },
  recordFamilyPayment: {
    did: (entry) => `recorded a payment${to(entry, 'from the family of')}`,
    details: (p) => [
      field('Amount', p.amount),
      field('Method', p.method),
      field('Receipts', p.receipt_numbers),
      field('Shares', p.shares),
    ],
  },
  voidLedgerRow: {
    did: (entry) => `voided a ledger row${to(entry, 'of')}`,
    details: (p) => [
      field('Voided', p.voided_kind),
      field('Amount', p.amount),
      field('Receipt', p.receipt_number),
      field('Refund note', p.refund_number),
      field('Reason', p.reason),
    ],
  },
  // Card transfers (issue 52, point 4): reported by the payer (or the office), decided once.
  reportCardTransfer: {
    did: (entry) => `reported a card transfer${to(entry, 'for')}`,
    details: (p) => [
      field('Amount', p.amount),
      field('Card ending', p.card_last4),
      field('Tracking', p.tracking),
    ],
  },
  decideCardTransfer: {
    did: (entry) => `decided a card transfer${to(entry, 'of')}`,
    details: (p) => [
      field('Decision', p.decision),
      field('Receipt', p.receipt_number),
      field('Balance after', p.balance_after),
      field('Reason', p.reason),
    ],
  },
  remindDebtors: {
    did: () => 'sent a reminder to the payers who owe',
    details: (p) => [field('Told', p.told), field('Owed in all', p.owed)],
  },
  // The money rules at work (issue 52, point 2).
  saveMoneyRules: {
    did: () => 'changed the academy’s money rules',
    details: (p) => [
      field('Late joining', p.late_join),
      field('Kept before the term starts (%)', p.kept_before_percent),
      field('Kept after it starts (%)', p.kept_after_percent),
      field('Also kept', p.refund_rule),
      field('Second child (%)', p.sibling_second_percent),
      field('Third child (%)', p.sibling_third_percent),
      field('Staff child (%)', p.staff_child_percent),
    ],
  },
  grantDiscount: {
    did: (entry) => `gave a discount${to(entry, 'to')}`,
    details: (p) => [
      field('Amount', p.amount),
      field('Reason', p.reason),
      field('Balance after', p.balance_after),
    ],
  },
  settleLeaving: {
    did: (entry) => `settled a leaving student’s charge${to(entry, 'for')}`,
    details: (p) => [
      field('Kept', p.kept),
      field('Refunded', p.refund),
      field('Refund note', p.refund_number),
      field('Paid back by', p.method),
      field('Kept as credit', p.credit),
      field('Balance after', p.balance_after),
    ],
  },
  savePaymentReminders: {
    did: () => 'changed the automatic payment reminders',
    details: (p) => [
      field('Days before the due day', p.days_before),
      field('Days after the due day', p.days_overdue),
    ],
  },
  // Teachers' pay (issue 52, point 7): the teacher is named in the details the server adds.
  setTeacherRate: {
    did: (_, p) => `set ${text(p.teacher) || 'a teacher'}’s ${p.class ? 'class ' : 'hourly '}rate`,
    details: (p) => [
      field('Class', p.class),
      field('Rate an hour', p.hourly === null ? 'none' : p.hourly),
      field('From', p.from_month),
    ],
  },
  addPayAdjustment: {
    did: (_, p) =>
      `added a ${text(p.kind) || 'pay adjustment'} to ${text(p.teacher) || 'a teacher'}’s pay`,
    details: (p) => [field('Month', p.month), field('Amount', p.amount), field('Reason', p.reason)],
  },
  voidPayAdjustment: {
    did: (_, p) =>
      `cancelled a ${text(p.voided_kind) || 'pay adjustment'} on ${text(p.teacher) || 'a teacher'}’s pay`,
    details: (p) => [field('Month', p.month), field('Amount', p.amount), field('Reason', p.reason)],
  },
  resendOutbox: {
    did: () => 'sent a failed message again',
    details: (p) => [field('Outbox message', p.id)],
  },
  // SMS and guardians (issue 31, point 4); the gateway's header values are hidden as secrets.
  saveSmsGateway: {
    did: () => 'set up the SMS gateway',
    details: (p) => [
      field('Method', p.method),
      field('Address', p.url),
      field('Body sent as', text(p.content_type) === 'form' ? 'a form' : 'JSON'),
      field('Monthly cap', p.monthly_cap === 0 ? 'none' : p.monthly_cap),
    ],
  },
  removeSmsGateway: { did: () => 'turned SMS off' },
  sendTestSms: { did: () => 'sent a test SMS', details: (p) => [field('To', p.to)] },
  saveGuardian: {
    did: (e, p) => `${p.guardian_id === undefined ? 'added' : 'changed'} a guardian${of(e)}`,
    details: (p) => [field('Name', p.name), field('Phone', p.phone), field('E-mail', p.email)],
  },
  deleteGuardian: { did: (e) => `removed a guardian${of(e)}` },
  saveGuardianKinds: {
    did: () => 'chose which messages also go to guardians',
    details: (p) => [
      field('Kinds', Array.isArray(p.kinds) && p.kinds.length > 0 ? p.kinds.join(', ') : 'none'),
    ],
  },
  addUser: {
    did: (_, p) => `created the account of ${text(p.name) || 'a user'}`,
    details: (p) => [
      field('Username', p.username),
      field('E-mail', p.email),
      field('Role', roleWord(p.role_id)),
      field('Gender', genderWord(text(p.gender))),
    ],
  },
  updateUser: {
    did: (e) => `changed the account${of(e)}`,
    details: (p) => [
      field('Name', p.name),
      field('E-mail', p.email),
      field('Role', roleWord(p.role_id)),
      field('Gender', genderWord(text(p.gender))),
    ],
  },
  deleteUser: { did: (e) => `deleted the account${of(e)}, with their work` },
  importUsers: { did: () => 'imported students from a CSV file' },
  dismissImport: { did: () => "dismissed an import and deleted its new students' passwords" },
  resetPassword: { did: (e) => `reset the password${of(e)}` },
  setUserActive: {
    did: (e, p) => `${p.active === true ? 'activated' : 'deactivated'} the account${of(e)}`,
  },
  addNotification: {
    did: (e, p) =>
      p.user_id === 'all'
        ? 'sent a notification to all students'
        : `sent a notification${recipients(e, p)}`,
    details: (p) => [field('Message', p.message)],
  },
  markNotificationRead: { did: (e) => `marked ${the('notification', e)} as read${forStudent(e)}` },
  markAllNotificationsRead: { did: () => 'marked all their notifications as read' },
  markFeedbackOpened: {
    did: (_, p) =>
      `opened ${p.screen === 'skill_builder' ? 'Skill Builder' : p.screen === 'results' ? 'Results' : 'Assignment Results'}, seeing its new feedback`,
  },
  sendAssignment: {
    did: (e, p) => `sent an assignment${recipients(e, p)}`,
    details: (p) => [
      field('Title', p.title),
      field('Description', p.description),
      ...(Array.isArray(p.file_links) ? p.file_links : []).map((link, i) =>
        field(`Link ${i + 1}`, `${text((link as Payload).title)} (${text((link as Payload).url)})`),
      ),
    ],
  },
  markAssignmentRead: { did: (e) => `marked ${the('assignment', e)}${of(e)} as read` },
  removeAssignment: { did: (e) => `deleted ${the('assignment', e)}${of(e)}` },
  markAssignmentAsRead: {
    did: (e) => `marked ${the('assignment', e)} as read${forStudent(e)}`,
  },
  uploadAssignment: {
    did: (e) => `uploaded work${forStudent(e)}`,
    details: (p) => [field('Subject', p.subject), field('Description', p.description)],
  },
  sendCorrection: {
    did: (e) => `sent a correction${to(e)}`,
    details: (p) => [field('Title', p.title), field('Description', p.description)],
  },
  deleteCorrection: { did: (e) => `deleted ${the('correction', e)}` },
  saveSchedule: {
    did: (e, p) => {
      const count = Array.isArray(p.schedule) ? p.schedule.length : 0;
      return `saved ${count} ${count === 1 ? 'session' : 'sessions'}${forStudent(e)}`;
    },
    details: (p) =>
      (Array.isArray(p.schedule) ? p.schedule : []).map((session) => {
        const s = session as Payload;
        return field(
          `Session ${String(s.session_number)}`,
          [s.session_day, s.session_date, s.session_time, s.status]
            .map(text)
            .filter(Boolean)
            .join(', '),
        );
      }),
  },
  updateSchedule: {
    did: (e, p) => `updated session ${String(p.session_number)}${of(e)}`,
    details: (p) => [
      p.new_session_number !== undefined && p.new_session_number !== p.session_number
        ? field('New number', p.new_session_number)
        : null,
      field('Day', p.session_day),
      field('Date', p.session_date),
      field('Time', p.session_time),
      field('Status', p.status),
    ],
  },
  deleteSession: { did: (e, p) => `deleted session ${String(p.session_number)}${of(e)}` },
  updateCard: {
    did: (e, p) =>
      `answered ${the('card', e)}${forStudent(e)}: ${p.was_correct === 'true' ? 'correct' : 'incorrect'}`,
  },
  addCard: {
    did: (e) => `added a card${forStudent(e)}`,
    details: (p) => [field('Front', p.front_text), field('Back', p.back_text)],
  },
  studentUpdateCard: {
    did: (e) => `edited ${the('card', e)}${of(e)}`,
    details: (p) => [field('Front', p.front_text), field('Back', p.back_text)],
  },
  deleteCard: { did: (e) => `deleted ${the('card', e)}${of(e)}` },
  updateAttempted: { did: (e) => `started ${the('exam', e)}${forStudent(e)}` },
  updateReadingAttempted: { did: (e) => `started ${the('reading', e)}${forStudent(e)}` },
  updateListeningAttempted: { did: (e) => `started ${the('listening', e)}${forStudent(e)}` },
  updateStoryAttempted: { did: (e) => `started ${the('story', e)}${forStudent(e)}` },
  sendSpeakingAnswer: {
    did: (e) => `sent an answer to ${the('speaking question', e)}${forStudent(e)}`,
  },
  saveSkillItem: {
    did: (e, p) => {
      const noun = skillNoun[text(p.kind)] ?? 'item';
      return p.id === undefined
        ? `created the ${noun} ${quoted(text(p.title))}`
        : `edited the ${noun} ${quoted(text(p.title) || e.subject)}`;
    },
    details: (p, e) => [
      field('Description', p.description),
      when('Opens', p.access_start),
      when('Closes', p.access_end),
      field('Link', p.link_url),
      field('Marked out of', p.mark_out_of),
      ['For', e.student_names.length ? e.student_names.join(', ') : 'All students'],
    ],
  },
  deleteSkillItem: { did: (e) => `deleted ${the('item', e)}` },
  // Quizzes (issue 51).
  saveQuiz: {
    did: (e, p) =>
      p.id === undefined ? `created the quiz ${quoted(text(p.title))}` : `edited ${the('quiz', e)}`,
    details: (p) => [field('Title', p.title), field('Kind', p.kind)],
  },
  sendQuiz: { did: (e, p) => `sent ${the('quiz', e)}${recipients(e, p)}` },
  deleteQuiz: { did: (e) => `deleted ${the('quiz', e)}` },
  startQuizAttempt: { did: (e) => `started ${the('quiz', e)}${forStudent(e)}` },
  saveQuizAnswers: { did: (e) => `saved answers to ${the('quiz', e)}${forStudent(e)}` },
  saveQuizRecording: {
    did: (e) => `recorded a spoken answer to ${the('quiz', e)}${forStudent(e)}`,
  },
  playQuizRecording: { did: (e) => `played a recording of ${the('quiz', e)}${forStudent(e)}` },
  submitQuizAttempt: { did: (e) => `handed in ${the('quiz', e)}${forStudent(e)}` },
  markQuizAnswer: {
    did: (e, p) =>
      text(p.mark).trim()
        ? `marked a spoken answer in ${the('quiz', e)}${forStudent(e)}`
        : `took away the mark on a spoken answer in ${the('quiz', e)}${forStudent(e)}`,
    details: (p) => [field('Mark', p.mark)],
  },
  makeQuizCard: {
    did: (e) => `made a flashcard of a mistake in ${the('quiz', e)}${forStudent(e)}`,
  },
  practiseQuizMistakes: { did: () => 'started practising their quiz mistakes' },
  // The question bank (issue 51).
  saveQuizItem: {
    did: (e, p) =>
      p.item_id === undefined
        ? `added the item ${quoted(text((p.version as Payload | undefined)?.prompt))} to the question bank`
        : `edited ${the('bank item', e)}`,
    details: (p) => [field('Level', p.level), field('Skill', p.skill), field('Unit', p.unit)],
  },
  archiveQuizItem: {
    did: (e, p) =>
      p.archived === false
        ? `put ${the('bank item', e)} back in the bank`
        : `archived ${the('bank item', e)}`,
  },
  deleteQuizItem: { did: (e) => `deleted ${the('bank item', e)}` },
  regradeQuizItem: { did: (e) => `regraded the answers to ${the('bank item', e)}` },
  saveQuizPassage: {
    did: (e, p) =>
      p.passage_id === undefined
        ? `added the passage ${quoted(text(p.title))} to the question bank`
        : `edited ${the('passage', e)}`,
    details: (p) => [field('Kind', p.kind), field('Plays allowed', p.play_limit)],
  },
  deleteQuizPassage: { did: (e) => `deleted ${the('passage', e)}` },
  importQuestions: {
    did: (_, p) =>
      `imported ${text(p.format) === 'aiken' ? 'Aiken' : 'GIFT'} questions into the question bank`,
    details: (p) => [field('Level', p.level), field('Skill', p.skill), field('Unit', p.unit)],
  },
  markSkillAttempt: {
    did: (e, p) =>
      text(p.mark).trim()
        ? `marked ${the('item', e)}${forStudent(e)}`
        : `took away the mark on ${the('item', e)}${forStudent(e)}`,
    details: (p) => [field('Mark', p.mark)],
  },
  saveSpeakingQuestion: {
    did: (_, p) =>
      p.id === undefined ? 'created a speaking question' : 'edited a speaking question',
    details: (p) => [
      field('Question', p.question_text),
      when('Opens', p.start_time),
      when('Closes', p.end_time),
      field('Time limit (seconds)', p.answer_seconds),
    ],
  },
  deleteSpeakingQuestion: { did: (e) => `deleted ${the('speaking question', e)}` },
  saveClassSchedule: {
    did: (e) => `gave ${the('class', e)} a weekly schedule`,
    details: (p) => [
      field('Weekdays', Array.isArray(p.weekdays) ? p.weekdays.join(', ') : ''),
      field('First date', p.first_date),
      field('Sessions', p.count),
      field('Time', p.time),
    ],
  },
  createClass: { did: (_, p) => `created the class ${quoted(text(p.name))}` },
  saveRoll: {
    did: (e) =>
      e.subject
        ? `saved the roll of ${quoted(e.subject)}`
        : 'saved the roll of a session (no longer there)',
    details: (p) => {
      const marks = Array.isArray(p.marks) ? (p.marks as { mark?: unknown }[]) : [];
      const count = (mark: string) => marks.filter((m) => m.mark === mark).length;
      return [
        field('Absent', count('absent') || undefined),
        field('Late', count('late') || undefined),
        field('Excused', count('excused') || undefined),
      ];
    },
  },
  updateClassSession: {
    did: (e, p) => {
      const theClass = the('class', e);
      if (p.cancelled === true) return `cancelled a session of ${theClass}`;
      if (p.cancelled === false) return `brought back a session of ${theClass}`;
      return `moved a session of ${theClass}`;
    },
    details: (p) => [field('New date', p.session_date), field('New time', p.session_time)],
  },
  saveResultScores: {
    did: (e, p) => {
      const changed = publishedChanges(p);
      const [only] = changed;
      if (changed.length === 1 && only)
        return `changed ${only.student}’s published ${only.component} score from ${only.was} to ${only.now} on the results of ${the('class', e)}`;
      if (changed.length > 1)
        return `changed ${changed.length} published scores on the results of ${the('class', e)}`;
      const n = Array.isArray(p.scores) ? p.scores.length : 0;
      return `typed ${n === 1 ? 'a score' : `${n} scores`} on the results of ${the('class', e)}`;
    },
    // Each score changed after publishing: the student, the component, old → new.
    details: (p) => {
      const changed = publishedChanges(p);
      return changed.length > 1
        ? changed.map((c) => field(`${c.student}, ${c.component}`, `${c.was} → ${c.now}`))
        : [];
    },
  },
  publishResults: { did: (e) => `published the results of ${the('class', e)}` },
  saveResultAdjustment: {
    did: (e, p) =>
      p.kind === 'excused'
        ? `excused a component of a student on the results of ${the('class', e)}`
        : p.kind === 'override'
          ? `overrode a score on the results of ${the('class', e)}`
          : `took back an excuse or override on the results of ${the('class', e)}`,
    details: (p) => [field('Score', p.score), field('Reason', p.reason)],
  },
  setClassLevel: {
    did: (e) => `set the level and next class of ${the('class', e)}`,
    details: (p) => [field('Level', p.level)],
  },
  movePassingStudents: {
    did: (e) => `moved the students who passed in ${the('class', e)} to the next level’s class`,
  },
  saveResultScheme: {
    did: (e, p) =>
      p.class_id === undefined
        ? 'changed the academy’s result scheme'
        : p.use_academy === true
          ? `gave ${the('class', e)} the academy’s result scheme again`
          : `changed the result scheme of ${the('class', e)}`,
  },
  saveResultBands: {
    did: () => 'changed the result bands',
    details: (p) => [
      field('Pass at', p.pass_at),
      field('Conditional pass from', p.conditional_at ?? 'none'),
    ],
  },
  updateClass: {
    did: (e, p) => {
      const theClass = the('class', e);
      if (p.archived === true) return `archived ${theClass}`;
      if (p.archived === false) return `brought back ${theClass}`;
      return `renamed ${theClass}`;
    },
    details: (p) => [field('New name', p.name)],
  },
  addClassStudents: {
    did: (e, p) =>
      `added ${names(e, Array.isArray(p.user_ids) ? p.user_ids.length : 0)} to ${the('class', e)}`,
  },
  setClassTeachers: {
    did: (e, p) => {
      const n = Array.isArray(p.teacher_ids) ? p.teacher_ids.length : 0;
      return n === 0
        ? `left ${the('class', e)} without teachers`
        : `gave ${the('class', e)} ${n === 1 ? 'its teacher' : `its ${n} teachers`}`;
    },
  },
  removeClassStudents: {
    did: (e, p) =>
      `removed ${names(e, Array.isArray(p.user_ids) ? p.user_ids.length : 0)} from ${the('class', e)}`,
  },
  updateSending: {
    did: (e) =>
      e.subject ? `edited an item sent to ${quoted(e.subject)}` : 'edited an item sent to many',
    details: (p) => [
      field('Title', p.title),
      field('Description', p.description),
      field('Message', p.message),
    ],
  },
  replySpeakingAnswer: {
    did: () => 'replied to a speaking answer',
    details: (p) => [field('Reply', p.reply_text)],
  },
};

/** 'sendAssignment' → 'Send assignment': the contract's call names read well enough as labels. */
export function actionLabel(action: string): string {
  const spaced = action.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** An entry in words: who did what to whom, when, and the fields that matter. */
export function describeEntry(entry: AuditEntry): {
  sentence: string;
  when: string;
  details: Detail[];
  /** The payload was cut to the log's size limit, so its fields cannot be read. */
  isCut: boolean;
} {
  let payload: Payload = {};
  let isCut = false;
  try {
    const parsed: unknown = JSON.parse(entry.details);
    if (parsed && typeof parsed === 'object') payload = parsed as Payload;
  } catch {
    isCut = true;
  }
  const named: Named = {
    ...entry,
    target:
      entry.target_user_name ??
      (entry.target_user_id === null ? null : 'a student who no longer exists'),
  };
  const known = words[entry.action as AuditedCall] as Words | undefined;
  const did = known ? known.did(named, payload) : `made a change: ${actionLabel(entry.action)}`;
  return {
    sentence: `${entry.actor_name}${entry.actor_role ? AS_ROLE[entry.actor_role] : ''} ${did}`,
    when: formatLongDateTime(entry.created_at),
    details: (known?.details?.(payload, named) ?? []).filter((d): d is Detail => d !== null),
    isCut,
  };
}
