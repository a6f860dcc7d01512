import type { Generated } from 'kysely';

/**
 * The database, one interface per table. Times are UTC epoch milliseconds (integers on both
 * SQLite and PostgreSQL, so comparisons and indexes behave the same on both); calendar days
 * in the academy's time zone are 'YYYY-MM-DD' text; flags are 0/1 integers, as the spec's
 * `is_read` reads.
 */
export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  login_attempts: LoginAttemptsTable;
  notifications: NotificationsTable;
  schedule_sessions: ScheduleSessionsTable;
  assignments: AssignmentsTable;
  assignment_links: AssignmentLinksTable;
  stored_files: StoredFilesTable;
  submissions: SubmissionsTable;
  submission_files: SubmissionFilesTable;
  corrections: CorrectionsTable;
  correction_files: CorrectionFilesTable;
  flashcards: FlashcardsTable;
  skill_items: SkillItemsTable;
  skill_item_students: SkillItemStudentsTable;
  skill_attempts: SkillAttemptsTable;
  speaking_questions: SpeakingQuestionsTable;
  speaking_question_students: SpeakingQuestionStudentsTable;
  speaking_answers: SpeakingAnswersTable;
  audit_log: AuditLogTable;
  app_settings: AppSettingsTable;
  flashcard_answers: FlashcardAnswersTable;
  academy_settings: AcademySettingsTable;
  classes: ClassesTable;
  class_students: ClassStudentsTable;
  class_teachers: ClassTeachersTable;
  class_sessions: ClassSessionsTable;
  roll_marks: RollMarksTable;
  terms: TermsTable;
  result_scores: ResultScoresTable;
  result_sheets: ResultSheetsTable;
  term_results: TermResultsTable;
  result_adjustments: ResultAdjustmentsTable;
  withdrawn_certificates: WithdrawnCertificatesTable;
  sendings: SendingsTable;
  assignment_reminders: AssignmentRemindersTable;
  scheduler_leases: SchedulerLeasesTable;
  import_jobs: ImportJobsTable;
  calendar_feeds: CalendarFeedsTable;
  guardians: GuardiansTable;
  outbox: OutboxTable;
  message_choices: MessageChoicesTable;
  push_subscriptions: PushSubscriptionsTable;
  password_resets: PasswordResetsTable;
  unfinished_sendings: UnfinishedSendingsTable;
  quiz_passages: QuizPassagesTable;
  quiz_items: QuizItemsTable;
  quiz_item_versions: QuizItemVersionsTable;
  quizzes: QuizzesTable;
  quiz_parts: QuizPartsTable;
  quiz_recipients: QuizRecipientsTable;
  quiz_attempts: QuizAttemptsTable;
  quiz_answers: QuizAnswersTable;
  quiz_plays: QuizPlaysTable;
  fee_plans: FeePlansTable;
  ledger_rows: LedgerRowsTable;
  ledger_instalments: LedgerInstalmentsTable;
  receipt_counters: ReceiptCountersTable;
  receipts: ReceiptsTable;
  refund_counters: ReceiptCountersTable;
  refund_notes: RefundNotesTable;
  payer_balances: PayerBalancesTable;
  owed_instalments: OwedInstalmentsTable;
  card_transfers: CardTransfersTable;
  teacher_rates: TeacherRatesTable;
  pay_adjustments: PayAdjustmentsTable;
  payment_reminder_rules: PaymentReminderRulesTable;
  instalment_reminders: InstalmentRemindersTable;
  money_rules: MoneyRulesTable;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  /** Unique regardless of case (a unique index on lower(username)). */
  username: string;
  /** Unique regardless of case (a unique index on lower(email)). */
  email: string;
  password_hash: string;
  /** 1 admin, 2 user (student). */
  role_id: number;
  /** '' when not given (issue 49, point 7: an import without one). */
  gender: 'male' | 'female' | '';
  is_active: Generated<number>;
  last_seen_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Bearer tokens. Only the SHA-256 of a token is stored, never the token. */
export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/**
 * Login throttling: one row per key (a username at an address, a username, an address) and
 * window. A try is counted here before its password is checked and given back if it succeeds
 * (auth/throttle.ts).
 */
export interface LoginAttemptsTable {
  /**
   * 'certificate': the public check of certificate codes, per address (issue 30);
   * 'reset-login' and 'reset-address': "Forgot password?" requests, per username or e-mail
   * typed and per address (issue 31).
   */
  scope:
    | 'pair'
    | 'username'
    | 'device'
    | 'address'
    | 'certificate'
    | 'reset-login'
    | 'reset-address';
  /** Lower case; '' for the address scope. */
  username: string;
  /**
   * As auth/login-rules.ts addressKey() gives it; '' for the username scope; `device:<id>`
   * for the device scope (auth/device-cookie.ts).
   */
  address: string;
  /** The first failure of the window; the window ends its length after it. */
  window_start: number;
  /**
   * Failures in the window. Tries in flight are included, except for a rule that counts only
   * failures (the address's, auth/login-rules.ts `countsOnlyFailures`), whose tries being
   * checked are `in_flight`.
   */
  failures: number;
  /** The address rule's tries whose password is being checked now (migration 0041). */
  in_flight: number;
  /** No try before this time (a growing delay; the time of the last try where there is none). */
  next_attempt_at: number;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  message: string;
  created_at: number;
  is_read: Generated<number>;
  read_at: number | null;
  /** The sending it is part of, when it went to many (features/sendings). */
  sending_id: number | null;
  /** What a notification the app wrote is about (NotificationTopic); null: an admin's message. */
  topic: Generated<string | null>;
  /** The record it names (an assignment, a correction, an answer, a card). */
  ref_id: Generated<number | null>;
  /** When the student opened the screen it names (the home's counts). */
  opened_at: Generated<number | null>;
}

/** One class session of a student's schedule; the session number is unique per student. */
export interface ScheduleSessionsTable {
  id: Generated<number>;
  user_id: number;
  session_number: number;
  session_day: string;
  session_date: string;
  session_time: string;
  status: string;
  /** The class session this row is the student's copy of; null for their own (migration 0026). */
  class_session_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface AssignmentsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  /** Shown to the admin as the deadline (spec section 2). */
  description: string;
  created_at: number;
  is_read: Generated<number>;
  read_at: number | null;
  created_by: number | null;
  /** The sending it is part of, when it went to many (features/sendings). */
  sending_id: number | null;
  /** New (0011): when the work is due, an instant; null: no due time. */
  due_at: number | null;
}

export interface AssignmentLinksTable {
  id: Generated<number>;
  assignment_id: number;
  position: number;
  title: string;
  url: string;
}

/** A file in storage: random storage key, the uploader's file name kept for downloads. */
export interface StoredFilesTable {
  id: Generated<number>;
  storage_key: string;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  uploaded_by: number | null;
  created_at: number;
  /** A recording's length in milliseconds, measured on upload (migration 0021); else null. */
  duration_ms: number | null;
}

/** A student's upload of their own work (the admin's inbox). */
export interface SubmissionsTable {
  id: Generated<number>;
  user_id: number;
  subject: string;
  description: string;
  created_at: number;
  /** New (0011): the student's own assignment this answers; null: none named, or deleted. */
  assignment_id: number | null;
  /**
   * New (0025): when the first correction answering it was sent (one naming it, or one naming
   * none sent to its student since it arrived); null: new. Kept by every correction write
   * (features/corrections/corrections-data.ts).
   */
  corrected_at: number | null;
}

export interface SubmissionFilesTable {
  id: Generated<number>;
  submission_id: number;
  file_id: number;
  position: number;
}

/** The admin's reply to a student, shown to the student as a result. */
export interface CorrectionsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  description: string;
  created_at: number;
  created_by: number | null;
  /** New (0011): the student's submission this answers; null: none named, or deleted. */
  submission_id: number | null;
  /** The administrator's recorded comment (a stored file), if any (migration 0013). */
  comment_file_id: number | null;
  /** The mark it gives, in hundredths of a point, and out of how many points (0031); null: none. */
  mark_hundredths: number | null;
  mark_out_of: number | null;
}

export interface CorrectionFilesTable {
  id: Generated<number>;
  correction_id: number;
  file_id: number;
  position: number;
}

export interface FlashcardsTable {
  id: Generated<number>;
  user_id: number;
  front_text: string;
  back_text: string;
  /** 1–5 practised; 6 retired (DESIGN.md "Domain rules"). */
  level: number;
  /** Academy-local calendar day, 'YYYY-MM-DD'. */
  next_review_date: string;
  last_done_date: string | null;
  created_at: number;
  updated_at: number;
  /** 1: added by an administrator (a teacher, while correcting), 0: by the student. */
  from_teacher: Generated<number>;
  /** The speaking answer a teacher added it from (migration 0024); null otherwise. */
  speaking_answer_id: number | null;
  /** The quiz whose wrong answer it was made from (migration 0051); null otherwise. */
  quiz_id: number | null;
}

export type SkillKind = 'exam' | 'reading' | 'listening' | 'story';

/** An exam or a Skill Builder item, usable between access_start and access_end. */
export interface SkillItemsTable {
  id: Generated<number>;
  kind: SkillKind;
  title: string;
  description: string;
  access_start: number;
  access_end: number;
  /** The item's file in storage, or an external link; one of the two. */
  file_id: number | null;
  link_url: string | null;
  /** 1: every student; 0: only the students listed in skill_item_students. */
  for_all_students: Generated<number>;
  created_at: number;
  updated_at: number;
  created_by: number | null;
  /** What its attempts are marked out of, in whole points (migration 0033). */
  mark_out_of: Generated<number>;
}

export interface SkillItemStudentsTable {
  item_id: number;
  user_id: number;
}

/** 'Attempted' is per student and per item: the row exists once the start call succeeded. */
export interface SkillAttemptsTable {
  item_id: number;
  user_id: number;
  started_at: number;
  /** The attempt's mark in whole hundredths of a point, out of the item's mark_out_of (0033). */
  mark_hundredths: number | null;
  /** When the mark was last given, changed or taken away; null: never marked. */
  marked_at: number | null;
}

export interface SpeakingQuestionsTable {
  id: Generated<number>;
  question_text: string;
  start_time: number;
  end_time: number;
  /** The longest recording the speaking screen makes for it, in seconds (migration 0013). */
  answer_seconds: Generated<number>;
  created_at: number;
  updated_at: number;
  created_by: number | null;
  /** Who it went to, in words: "Everyone", a class's name, "3 students" (migration 0029). */
  audience: Generated<string>;
  /** 1 when it is open only to its speaking_question_students; 0: to everyone. */
  is_for_some: Generated<number>;
}

/** The students a question for some is open to (migration 0029). */
export interface SpeakingQuestionStudentsTable {
  question_id: number;
  user_id: number;
}

/** One answer per student and question. */
export interface SpeakingAnswersTable {
  id: Generated<number>;
  question_id: number;
  user_id: number;
  file_id: number;
  created_at: number;
  /** The administrator's reply (migration 0013): text, a recorded file, and when. */
  reply_text: string | null;
  reply_file_id: number | null;
  replied_at: number | null;
  /** The mark the reply gives the answer, in hundredths, out of whole points (0031); null: none. */
  reply_mark_hundredths: number | null;
  reply_mark_out_of: number | null;
}

/** One successful admin write: who (kept by name too, should the admin be deleted), which call, on whom. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_name: string;
  /** The actor's role when they made the change (0045): 1 admin, 3 teacher; null if unknown. */
  actor_role_id: number | null;
  /** The contract's name of the call, e.g. 'sendAssignment'. */
  action: string;
  target_user_id: number | null;
  /** The user's name when the change was made (since 0019): it outlives a deleted user. */
  target_user_name: string | null;
  /** The payload as JSON, without passwords or file contents, cut to 2,000 characters. */
  details: string;
  created_at: number;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

/**
 * Every flashcard answer (since 0012; before, only those the browser numbered): a numbered
 * replay is not applied twice, and the answers' times give the run of days practised.
 * Indexed by (user_id, at).
 */
export interface FlashcardAnswersTable {
  answer_id: string;
  card_id: number;
  user_id: number;
  at: number;
}

/**
 * The academy's settings: one row, id 1 (features/settings). Null is the default: the
 * environment's value, or the image the web app ships.
 */
export interface AcademySettingsTable {
  id: number;
  academy_name: string | null;
  /** An IANA zone, canonical (Intl's spelling). */
  time_zone: string | null;
  online_class_url: string | null;
  website_url: string | null;
  logo_file_id: number | null;
  login_background_file_id: number | null;
  home_background_file_id: number | null;
  /** Quiet hours, 'HH:MM' in the academy's time zone; both null: none (migration 0015). */
  quiet_hours_from: string | null;
  quiet_hours_to: string | null;
  /** Hours before a due time that a student who has not handed in is reminded; null the default, 0 none (0017). */
  reminder_lead_hours: number | null;
  /** When an administrator first confirmed the time zone; null: never, so they are asked (0023). */
  time_zone_confirmed_at: number | null;
  /** Which kinds of message also go to guardians, as JSON; null: the defaults (0036). */
  guardian_kinds: string | null;
  /** The SMTP server as JSON, its password encrypted (0036); null: e-mail is not set up. */
  email_settings: string | null;
  /** The SMS gateway as JSON (0036); null: SMS is not set up. */
  sms_gateway: string | null;
  /** The roll's rules as JSON (RollRules); null: the defaults (migration 0027). */
  roll_rules: string | null;
  /** The academy's result scheme as JSON (KeyedComponent[]); null: the defaults (0032). */
  result_scheme: string | null;
  /** The result bands as JSON (Bands); null: the defaults (0032). */
  result_bands: string | null;
  /**
   * The academy's public address (`https://academy.example`, no path): the one an
   * administrator last saved the Settings from (migration 0042); null: none saved yet.
   */
  public_origin: string | null;
  /** The director's name, printed over their signature line on report cards (0048). */
  director_name: string | null;
  /** The academy's stamp on report cards, a stored PNG or JPEG (0048); null: none. */
  stamp_file_id: number | null;
  /** The academy's country, ISO 3166 alpha-2 ('IR'): local phone numbers are read in it (0050). */
  country: string | null;
  /** The academy's currency (issue 52; contract tuition/money.ts): all null until saved (0054). */
  currency_code: string | null;
  currency_name: string | null;
  /** Digits after the point; not changed once any money is recorded. */
  currency_decimals: number | null;
  updated_at: number | null;
  updated_by: number | null;
}

/**
 * One of the academy's terms (migration 0030; features/terms): days YYYY-MM-DD, both in the
 * term; no two overlap, and names are unique in any case.
 */
export interface TermsTable {
  id: Generated<number>;
  name: string;
  first_day: string;
  last_day: string;
  created_at: number;
}

/** A class: a name for a group of students (features/classes). */
export interface ClassesTable {
  id: Generated<number>;
  name: string;
  is_archived: Generated<number>;
  created_at: number;
  updated_at: number;
  /** The class's own result scheme as JSON (KeyedComponent[]); null: the academy's (0032). */
  result_scheme: string | null;
  /** The level its certificates name ("Elementary 2", "B1"); null: none (0032). */
  level: string | null;
  /** The next level's class, offered to students who pass (0032). */
  next_class_id: number | null;
}

/** A score a teacher typed on a term's result sheet, in hundredths of a percent (0032). */
export interface ResultScoresTable {
  term_id: number;
  class_id: number;
  user_id: number;
  component_key: string;
  hundredths: number;
  updated_at: number;
  updated_by: number | null;
}

/**
 * A student's component excused (left out, its weight spread over the rest) or overridden
 * with a score and a reason, on a class's sheet of a term (0047).
 */
export interface ResultAdjustmentsTable {
  term_id: number;
  class_id: number;
  user_id: number;
  component_key: string;
  kind: 'excused' | 'override';
  /** The override's score in hundredths of a percent; null when excused. */
  hundredths: number | null;
  /** Why (an override's is required; an excuse's optional). */
  reason: string | null;
  updated_at: number;
  updated_by: number | null;
}

/** A certificate withdrawn by publishing again (0047): the code stays known, with when. */
export interface WithdrawnCertificatesTable {
  code: string;
  result_id: number;
  withdrawn_at: number;
  withdrawn_by: number | null;
}

/** A class's result sheet of a term was published (0032): students read term_results. */
export interface ResultSheetsTable {
  term_id: number;
  class_id: number;
  published_at: number;
  published_by: number | null;
}

/** A student's result as published (0032): frozen, changed only by publishing again. */
export interface TermResultsTable {
  id: Generated<number>;
  term_id: number;
  class_id: number;
  user_id: number;
  class_name: string;
  level: string | null;
  /** JSON: PublishedComponent[] (contract/src/results.ts). */
  components: string;
  total_hundredths: number;
  outcome: string;
  eligible: number;
  absences: number;
  attendance_hundredths: number | null;
  published_at: number;
  published_by: number | null;
  changed_at: number | null;
  changed_by: number | null;
  /** A passing student's certificate code (unguessable; the public page finds it); null: none. */
  certificate_code: string | null;
}

/**
 * One session of a class's timetable (migration 0026, features/timetable): made once from a
 * weekly pattern; each member's schedule holds a row naming it.
 */
export interface ClassSessionsTable {
  id: Generated<number>;
  class_id: number;
  /** YYYY-MM-DD, a real date (the pattern's or a move's). */
  session_date: string;
  session_day: string;
  session_time: string;
  /** When it was cancelled; null while it takes place. */
  cancelled_at: number | null;
  /** When its roll was first saved, and by whom; null until it is (migration 0027). */
  roll_taken_at: number | null;
  roll_taken_by: number | null;
  /** When its roll was last saved (a correction moves it). */
  roll_changed_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One student's mark on a class session's roll (migration 0027, features/roll). */
export interface RollMarksTable {
  class_session_id: number;
  user_id: number;
  /** A Mark of contract/src/roll-rules.ts. */
  mark: string;
  note: Generated<string>;
  marked_by: number | null;
  marked_at: number;
}

/** A class's teachers (migration 0028): a teacher's world is these classes' students. */
export interface ClassTeachersTable {
  class_id: number;
  teacher_id: number;
  added_at: number;
}

export interface ClassStudentsTable {
  class_id: number;
  user_id: number;
  added_at: number;
}

/** An assignment or a notification sent to many: its rows name it (features/sendings). */
export interface SendingsTable {
  id: Generated<number>;
  kind: 'assignment' | 'notification';
  /** Who it went to, in words, as it was sent: a class's name, "3 students", "Everyone". */
  recipients: string;
  class_id: number | null;
  created_at: number;
  created_by: number | null;
}

/**
 * A notification to many while it is being written, a slice of students at a time (migration
 * 0038, features/notifications/sending-notifications.ts).
 */
export interface UnfinishedSendingsTable {
  sending_id: number;
  message: string;
  /** Every student it goes to, as a JSON array of ids, in the order they are written. */
  user_ids: string;
  /** How many of them are written (with their outbox rows). */
  written: number;
  /** Until when the writer at work holds it; past it, another finishes it. */
  held_until: number;
}

/** A due-date reminder sent: one per assignment row, ever (migration 0017, features/reminders). */
export interface AssignmentRemindersTable {
  assignment_id: number;
  sent_at: number;
}

/** Which instance runs a job until when (migration 0017, db/leases.ts). */
export interface SchedulerLeasesTable {
  job: string;
  holder: string;
  expires_at: number;
}

/** A students' import and its record (migration 0020, features/users/import-jobs.ts). */
export interface ImportJobsTable {
  id: Generated<number>;
  created_by: number | null;
  status: 'running' | 'done' | 'failed';
  /** Students to create; `done` of them hashed so far. */
  total: number;
  done: Generated<number>;
  /** Students created (0 until the job is done). */
  imported: Generated<number>;
  /** What happened, in words: the summary, or why it failed. */
  message: string;
  /** JSON of the new students' name, class, username and password; null once dismissed. */
  credentials: string | null;
  /** Where the new students sign in, as the administrator's browser reached the app. */
  sign_in_url: string;
  /** The instance running it (its heartbeat is updated_at). */
  runner: string;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  dismissed_at: number | null;
}

/**
 * A person's private calendar address (migration 0035, features/calendar): only the SHA-256 of
 * its token, so the database reveals no address. One a person; a new one replaces the hash.
 */
export interface CalendarFeedsTable {
  user_id: number;
  token_hash: string;
  created_at: number;
  /** When a calendar app last read it (at most once every few minutes); null: not yet. */
  last_read_at: number | null;
}

/** A student's guardian (0036): sent the kinds of message the academy chooses. */
export interface GuardiansTable {
  id: Generated<number>;
  student_id: number;
  name: string;
  /** E.164 ('+905551234567'), or null. */
  phone: string | null;
  email: string | null;
  created_at: number;
  /** The kinds this guardian turned off by e-mail (one-click unsubscribe), as JSON; null: none (0049). */
  email_off: string | null;
}

/** A message on its way to one recipient by one channel (0036; features/messages). */
export interface OutboxTable {
  id: Generated<number>;
  /** The person it is for, or whose guardian it is for. */
  user_id: number;
  /** Set when it goes to one of the person's guardians instead. */
  guardian_id: number | null;
  channel: 'push' | 'email' | 'sms';
  /** A MessageKind (contract/src/messages.ts). */
  kind: string;
  text: string;
  /** The screen that opens it, as a path of the web app ('/results'). */
  path: string;
  /** 1: gathered into the day's digest e-mail. */
  digest: Generated<number>;
  state: Generated<'queued' | 'sending' | 'sent' | 'failed' | 'skipped'>;
  attempts: Generated<number>;
  /** Not before: the quiet hours' end, the digest's hour, a retry's back-off. */
  send_after: number;
  /** While 'sending': until when the sender that took it holds it. */
  claimed_until: number | null;
  created_at: number;
  sent_at: number | null;
  /** Why the last try failed, or why it was skipped, in words for the administrator. */
  error: string | null;
}

/** A person's choices of channels and quiet hours, as JSON (0036; contract choicesFrom). */
export interface MessageChoicesTable {
  user_id: number;
  choices: string;
  updated_at: number;
}

/** A device with push turned on (0036): the Push API subscription's endpoint and keys. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** A short name of the device ("Chrome on Android"), for the person's own list. */
  device: string;
  created_at: number;
  last_sent_at: number | null;
}

/**
 * A "Forgot password?" link sent by e-mail (0037; features/email/password-links.ts): only the
 * SHA-256 of its token. It works until `expires_at`, once; `used_at` is set when it is used, or
 * when another of the person's links is used (all go void then).
 */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

// Quizzes (migration 0051, issue 51). JSON columns hold text the contract's schemas read
// (contract/src/quizzes): a version's body and key, a quiz's review options and bands, an
// attempt's layout, an answer's response.

/** A reading text or a recording that several items stand on. */
export interface QuizPassagesTable {
  id: Generated<number>;
  kind: 'text' | 'recording';
  title: string;
  text: string | null;
  /** A recording's stored file; null for a text. */
  file_id: number | null;
  /** Plays allowed in one attempt; 0: no limit. */
  play_limit: Generated<number>;
  created_by: number | null;
  created_at: number;
}

/** An item of the bank: its tags and its current version. */
export interface QuizItemsTable {
  id: Generated<number>;
  type: string;
  level: string | null;
  skill: string | null;
  unit: string | null;
  current_version: number;
  /** Out of the bank's lists and new draws; attempts that drew it keep it. */
  archived_at: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * What an item was at one edit, its passage included; attempts name the version they drew, so
 * they keep its passage when the item moves to another.
 */
export interface QuizItemVersionsTable {
  id: Generated<number>;
  item_id: number;
  version: number;
  prompt: string;
  /** JSON: ItemBody, what a student may see. */
  body: string;
  /** JSON: ItemKey, what marks it; never sent to a student outside the review. */
  key: string;
  points: number;
  general_feedback: string | null;
  /** The passage this version stands on. */
  passage_id: number | null;
  created_by: number | null;
  created_at: number;
}

export interface QuizzesTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  /** 'quiz', 'placement', or 'practice' (a student's own mistakes, not counted). */
  kind: string;
  access_start: number;
  access_end: number;
  time_limit_seconds: number | null;
  /** 0: as many as the student likes. */
  attempts_allowed: number;
  /** Which attempt counts: 'highest', 'last', 'average' or 'first'. */
  counts: string;
  shuffle_items: number;
  shuffle_options: number;
  one_per_page: number;
  /** JSON: what the review shows, and when. */
  review: string;
  /** 'offer' or 'make': cards from wrong answers. */
  cards: string;
  /** What the quiz is marked out of. */
  out_of: number;
  /** JSON: a placement test's score bands per level; null otherwise. */
  bands: string | null;
  /** The class it was sent to, if it was sent to one. */
  class_id: number | null;
  /** Who it was sent to, in words ("B1 Evening", "3 students"). */
  recipients: Generated<string>;
  /** A practice quiz's student ("Practise my mistakes"); null for a sent quiz. */
  practice_for: number | null;
  /** A label a result sheet's component may average by ("Vocabulary"; migration 0052). */
  tag: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A fixed item, or N drawn at random from a tag (a null tag matches all). */
export interface QuizPartsTable {
  id: Generated<number>;
  quiz_id: number;
  position: number;
  item_id: number | null;
  draw_count: number | null;
  draw_level: string | null;
  draw_skill: string | null;
  draw_unit: string | null;
}

export interface QuizRecipientsTable {
  quiz_id: number;
  user_id: number;
}

export interface QuizAttemptsTable {
  id: Generated<number>;
  quiz_id: number;
  user_id: number;
  /** 1 for a student's first attempt at the quiz. */
  number: number;
  /** JSON: the drawn item versions in the order shown, with each one's option order. */
  layout: string;
  started_at: number;
  /** When the server closes it: the time limit's end or the window's, whichever is first. */
  deadline: number;
  submitted_at: number | null;
  /** 'student', 'time' (the limit or the window ended it) or null while open. */
  closed_by: string | null;
  /** The mark in hundredths of out_of; null until closed and every answer marked. */
  hundredths: number | null;
  out_of: number;
  /** How many spoken answers wait for a teacher's mark. */
  awaiting_marks: Generated<number>;
  /** When the quiz's setting 'make' made this attempt's mistake cards (0053); null: not yet. */
  cards_made_at: Generated<number | null>;
}

export interface QuizAnswersTable {
  attempt_id: number;
  position: number;
  version_id: number;
  /** JSON: ItemResponse; null while unanswered. */
  response: string | null;
  saved_at: number | null;
  /** Seconds spent on it, as the device counted (item analysis's median time). */
  seconds: Generated<number>;
  /** Hundredths of the item's points earned; null until marked. */
  hundredths: number | null;
  /** The teacher who marked a spoken answer. */
  marked_by: number | null;
  /** The Leitner card this wrong answer became. */
  card_id: number | null;
}

/** A recording's plays in an attempt, counted on the server against its play limit. */
export interface QuizPlaysTable {
  attempt_id: number;
  passage_id: number;
  plays: number;
}

/**
 * A class's fee plan for a term (issue 52, migration 0054; features/tuition): the tuition, the
 * optional items and the instalment parts, whose amounts add up to the tuition and the items.
 */
export interface FeePlansTable {
  id: Generated<number>;
  class_id: number;
  term_id: number;
  /** Minor units of the academy's currency. */
  tuition: number;
  /** JSON: { label, amount }[] (books, materials). */
  items: string;
  /** JSON: InstalmentPart[] (contract tuition/instalments.ts). */
  parts: string;
  updated_by: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * A row of a payer's ledger (0054): never changed or deleted (triggers refuse both); a
 * mistake is a 'void' row naming the row it cancels.
 */
export interface LedgerRowsTable {
  id: Generated<number>;
  /** The payer: a student. */
  student_id: number;
  kind: 'charge' | 'discount' | 'payment' | 'refund' | 'void';
  /** Minor units, more than 0; a void's is its row's. */
  amount: number;
  reason: string;
  /** A void's row (unique: a row is voided once). */
  voids: number | null;
  /** A charge's plan, class and term (no foreign keys: the books outlive them). */
  fee_plan_id: number | null;
  class_id: number | null;
  term_id: number | null;
  /** 'YYYY-MM-DD', the academy's day the row is for (a payment's date). */
  day: string;
  /** A payment's method (PAYMENT_METHODS), reference, and a cheque's number and date. */
  method: string | null;
  reference: string | null;
  cheque_number: string | null;
  cheque_day: string | null;
  /** A discount's or a leaving settlement's charge (0058); null otherwise. */
  for_charge: number | null;
  /** Who wrote it, by id and by name (no foreign key: see the migration). */
  created_by: number | null;
  created_by_name: string;
  created_at: number;
}

/** A part a charge is owed in (0054), with its due day and amount. */
export interface LedgerInstalmentsTable {
  id: Generated<number>;
  charge_id: number;
  student_id: number;
  /** 0 for the plan's first part. */
  position: number;
  label: string;
  due_day: string;
  amount: number;
}

/** The last receipt number given in a year (0054), taken in each payment's transaction. */
export interface ReceiptCountersTable {
  year: number;
  last_number: number;
}

/** A payment's receipt (0054): void when its payment is. */
export interface ReceiptsTable {
  id: Generated<number>;
  payment_id: number;
  year: number;
  /** The place in the year's counter; printed as receiptNumber(year, number). */
  number: number;
  created_at: number;
}

/** A refund's own document (0059), numbered from `refund_counters`: void when its refund is. */
export interface RefundNotesTable {
  id: Generated<number>;
  refund_id: number;
  year: number;
  /** The place in the year's counter; printed as refundNumber(year, number). */
  number: number;
  created_at: number;
}

/**
 * A payer's balance over their whole ledger (0060), below 0 their credit: derived from the
 * ledger, worked out again in every transaction that writes to it (ledger-data.ts,
 * restatePayers), so the debtors list reads one row per payer.
 */
export interface PayerBalancesTable {
  student_id: number;
  balance: number;
}

/**
 * An instalment with something still outstanding once the payer's credits are set against
 * their instalments oldest first (0060): derived from the ledger as payer_balances is.
 */
export interface OwedInstalmentsTable {
  instalment_id: number;
  student_id: number;
  /** The charge's term. */
  term_id: number | null;
  /** 'YYYY-MM-DD'. */
  due_day: string;
  outstanding: number;
}

/** A card-to-card transfer a payer reported (issue 52, point 4; migration 0055). */
export interface CardTransfersTable {
  id: Generated<number>;
  student_id: number;
  /** Minor units of the academy's currency. */
  amount: number;
  /** 'YYYY-MM-DD': the day of the transfer, as the payer gave it. */
  day: string;
  card_last4: string;
  tracking: string;
  /** The photo of the transfer's receipt. */
  file_id: number;
  state: 'awaiting' | 'approved' | 'rejected';
  /** A rejection's reason; '' otherwise. */
  reason: Generated<string>;
  /** An approved transfer's payment (a ledger row, with its receipt). */
  payment_id: number | null;
  decided_by: number | null;
  decided_by_name: Generated<string>;
  decided_at: number | null;
  created_at: number;
}

/**
 * A teacher's hourly rate, or their rate for one class (class_id), from a month on (issue 52,
 * point 7; migration 0056): never edited, a new rate is a new row.
 */
export interface TeacherRatesTable {
  id: Generated<number>;
  teacher_id: number;
  /** null: the teacher's hourly rate; a class: their rate for its sessions. */
  class_id: number | null;
  /** Minor units an hour; null ends a class rate (or the hourly rate) from from_month on. */
  hourly: number | null;
  /** 'YYYY-MM': the first month it applies to. */
  from_month: string;
  set_by: number | null;
  set_by_name: string;
  created_at: number;
}

/** A bonus or deduction on a teacher's month (0056): never changed or deleted; voided by a row. */
export interface PayAdjustmentsTable {
  id: Generated<number>;
  teacher_id: number;
  /** 'YYYY-MM'. */
  month: string;
  kind: 'bonus' | 'deduction' | 'void';
  /** Minor units, more than 0; a void's is its row's. */
  amount: number;
  reason: string;
  /** A void's row (unique). */
  voids: number | null;
  created_by: number | null;
  created_by_name: string;
  created_at: number;
}

/** The academy's automatic payment reminders (issue 52, point 5; migration 0057): one row, id 1. */
export interface PaymentReminderRulesTable {
  id: number;
  /** Days before the due day; 0: no reminder before. */
  days_before: number;
  /** Days after the due day; 0: no overdue reminder. */
  days_overdue: number;
  before_text: string;
  overdue_text: string;
  updated_by_name: string;
  updated_at: number;
}

/** An instalment looked at for a reminder of a kind, once (0057). */
export interface InstalmentRemindersTable {
  instalment_id: number;
  kind: 'before' | 'overdue';
  /** 'told'; 'skipped': nothing was owed of it, or it was charged within the days before. */
  outcome: 'told' | 'skipped';
  sent_at: number;
}

/** The academy's money rules (issue 52, point 2; migration 0058): one row, id 1. */
export interface MoneyRulesTable {
  id: number;
  late_join: 'all' | 'sessions_left';
  kept_before_percent: number;
  kept_after_percent: number;
  refund_rule: 'share' | 'share_and_sessions';
  sibling_second_percent: number;
  sibling_third_percent: number;
  staff_child_percent: number;
  updated_by_name: string;
  updated_at: number;
}
