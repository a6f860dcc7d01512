/**
 * Every query key of the app, written once. A family's `all` is the first part its queries
 * share: a mutation refreshes a family by it, and the live stream's topics name families by it
 * (app/live-updates.ts), so renaming one renames it everywhere. Each builder makes one query's
 * whole key; a query's key never appears anywhere as a literal (app/live-updates.test.ts
 * checks that every family a topic refreshes is one a query uses).
 *
 * The keys are plain data, as persisted in the offline store: their shapes are those the
 * screens used before they were gathered here, so a device's kept answers still match.
 */
export const queryKeys = {
  /** A student's activity ping, and who is online now (the admin's list). */
  activity: {
    all: ['activity'],
    ping: (userId: number | undefined) => ['activity', userId],
    online: () => ['activity', 'online'],
  },
  /** The admin dashboard's counts. */
  adminCounts: {
    all: ['admin-counts'],
    counts: () => ['admin-counts'],
  },
  assignments: {
    all: ['assignments'],
    own: (userId: number | undefined) => ['assignments', 'own', userId],
    list: (filters: object) => ['assignments', 'all', filters],
    unread: (userId: number | undefined) => ['assignments', 'unread', userId],
  },
  audit: {
    all: ['audit'],
    list: (action: string) => ['audit', action],
  },
  /** The academy's name, images and settings everyone's screens show. */
  branding: {
    all: ['branding'],
    logo: () => ['branding', 'logo'],
    loginBackground: () => ['branding', 'login-bg'],
    userBackground: () => ['branding', 'user-bg'],
    config: () => ['branding', 'config'],
  },
  /** The signed-in person's calendar address: whether they have one, made and last read when. */
  calendarFeed: {
    all: ['calendar-feed'],
    own: (userId: number | undefined) => ['calendar-feed', userId],
  },
  /** The signed-in person's choices of channels beyond the app (issue 31). */
  messageChoices: {
    all: ['message-choices'],
    own: (userId: number | undefined) => ['message-choices', userId],
  },
  /** The administrator's outbox: by state, a page at a time (issue 31). */
  outbox: {
    all: ['outbox'],
    list: (state: string, page: number) => ['outbox', state, page],
  },
  /** The signed-in person's devices with push on (issue 31, point 2). */
  pushDevices: {
    all: ['push-devices'],
    own: (userId: number | undefined) => ['push-devices', userId],
  },
  classes: {
    all: ['classes'],
    picker: (search: string) => ['classes', 'picker', search],
    list: (filters: object) => ['classes', 'list', filters],
    students: (classId: number, filters: object) => ['classes', 'students', classId, filters],
    /** A class's timetable (issue 29): moved by the classes and schedule topics both. */
    sessions: (classId: number, filters: object) => ['classes', 'sessions', classId, filters],
    ofStudent: (userId: number) => ['classes', 'student', userId],
  },
  corrections: {
    all: ['corrections'],
    sent: (page: number) => ['corrections', 'sent', page],
    results: (userId: number | undefined) => ['corrections', 'results', userId],
  },
  flashcards: {
    all: ['flashcards'],
    progress: (userId: number | undefined) => ['flashcards', 'progress', userId],
    toReview: (userId: number | undefined) => ['flashcards', 'to-review', userId],
    due: (userId: number | undefined) => ['flashcards', 'due', userId],
    /** Every student's library: refreshed after a change to any card. */
    libraries: ['flashcards', 'library'],
    library: (userId: number | undefined) => ['flashcards', 'library', userId],
    owners: (filters: object) => ['flashcards', 'owners', filters],
    ofStudent: (studentId: number) => ['flashcards', 'student', studentId],
  },
  /** A finished import's sign-in details, fetched once to print. */
  importCredentials: {
    all: ['import-credentials'],
    ofJob: (jobId: number) => ['import-credentials', jobId],
  },
  /** Work handed in, waiting for a correction. */
  inbox: {
    all: ['inbox'],
    list: (filters: object) => ['inbox', filters],
    ofStudent: (userId: number | string) => ['inbox', 'of', userId],
  },
  notifications: {
    all: ['notifications'],
    own: (userId: number | undefined) => ['notifications', 'own', userId],
    unread: (userId: number | undefined) => ['notifications', 'unread', userId],
    feedbackNews: (userId: number | undefined) => ['notifications', 'feedback-news', userId],
    list: (filters: object) => ['notifications', 'all', filters],
  },
  /** A class session's roll (issue 29). */
  roll: {
    all: ['roll'],
    ofSession: (sessionId: number) => ['roll', sessionId],
    /** A class's attendance grid and the absence warnings: a saved roll moves both. */
    classGrid: (classId: number) => ['roll', 'class', classId],
    warnings: (page: number) => ['roll', 'warnings', page],
  },
  schedule: {
    all: ['schedule'],
    ofStudent: (userId: number | undefined) => ['schedule', userId],
    /** A student's attendance this term (issue 29): a saved roll moves it with the schedule. */
    attendance: (userId: number | undefined) => ['schedule', 'attendance', userId],
  },
  /**
   * Today's class sessions and their rolls, with the work waiting for a correction (issue 29):
   * the administrator's Today's classes, every class's.
   */
  /** What went to many (Sent Items). */
  sendings: {
    all: ['sendings'],
    list: (kind: string, page: number) => ['sendings', 'list', kind, page],
    one: (sendingId: number, filters: object) => ['sendings', 'one', sendingId, filters],
  },
  /** Whether a "Forgot password?" link still works (issue 31): asked once, by its token. */
  passwordLink: {
    all: ['password-link'],
    check: (token: string) => ['password-link', token],
  },
  settings: {
    all: ['settings'],
    settings: () => ['settings'],
    /** The SMS gateway and this month's count, and which messages go to guardians (issue 31). */
    smsGateway: () => ['settings', 'sms-gateway'],
    guardianKinds: () => ['settings', 'guardian-kinds'],
    /** The academy's SMTP server (issue 31): an administrator's, without its password. */
    email: () => ['settings', 'email'],
  },
  /** The academy's terms (issue 30), and which is current. */
  terms: {
    all: ['terms'],
    list: () => ['terms'],
  },
  /** A term's result sheets, the schemes, and a student's published results (issue 30). */
  results: {
    all: ['results'],
    sheet: (classId: number, termId: number) => ['results', 'sheet', classId, termId],
    scheme: (classId: number | undefined) => ['results', 'scheme', classId ?? 'academy'],
    of: (userId: number | undefined) => ['results', 'of', userId],
    /** A class's level, next class, and (with a term) who passed and could move up. */
    promotion: (classId: number, termId: number | undefined) => [
      'results',
      'promotion',
      classId,
      termId ?? 'none',
    ],
  },
  /** The public check of a certificate's code (issue 30): anyone's, signed in or not. */
  certificates: {
    all: ['certificates'],
    verify: (code: string) => ['certificates', code],
  },
  /** The admin's exams, Skill Builder items and speaking questions, and who took them. */
  skillAdmin: {
    all: ['skill-admin'],
    items: (kind: string) => ['skill-admin', kind],
    attempts: (itemId: number) => ['skill-admin', 'attempts', itemId],
    speaking: () => ['skill-admin', 'speaking'],
    /** Every speaking question's answers: refreshed after any answer's change. */
    speakingAnswers: ['skill-admin', 'speaking', 'answers'],
    answersTo: (questionId: number) => ['skill-admin', 'speaking', 'answers', questionId],
  },
  /**
   * Today's class sessions with their rolls, and the work waiting for a correction: a
   * teacher's home and the dashboard's Today's classes (issue 29). Moves with the classes,
   * the timetable, the rolls, hand-ins and corrections.
   */
  teachingDay: {
    all: ['teaching-day'],
    day: () => ['teaching-day'],
  },
  /** The question bank (issue 51): a page of items by filters, one item, the tags in use. */
  quizBank: {
    all: ['quiz-bank'],
    items: (filters: object) => ['quiz-bank', 'items', filters],
    item: (itemId: number) => ['quiz-bank', 'item', itemId],
    tags: () => ['quiz-bank', 'tags'],
    /** A page of the passages (reading texts and recordings) items stand on. */
    passages: (filters: object) => ['quiz-bank', 'passages', filters],
    regrade: (itemId: number) => ['quiz-bank', 'regrade', itemId],
  },
  /**
   * Quizzes (issue 51): the staff's list, one quiz in the builder, its attempts and one attempt;
   * the student's list, an attempt going on and a review. All move with the 'quizzes' topic.
   */
  quizzes: {
    all: ['quizzes'],
    list: () => ['quizzes', 'list'],
    quiz: (quizId: number) => ['quizzes', 'quiz', quizId],
    attempts: (quizId: number) => ['quizzes', 'attempts', quizId],
    analysis: (quizId: number) => ['quizzes', 'analysis', quizId],
    /** A student's placement tests, on their page: a new attempt or mark moves them. */
    placements: (userId: number) => ['quizzes', 'placements', userId],
    staffAttempt: (attemptId: number) => ['quizzes', 'staff-attempt', attemptId],
    mine: (userId: number | undefined) => ['quizzes', 'mine', userId],
    attempt: (attemptId: number) => ['quizzes', 'attempt', attemptId],
    review: (attemptId: number) => ['quizzes', 'review', attemptId],
  },
  /**
   * Tuition (issue 52): a class's fee plan for a term, the desk's search, a payer's statement
   * (an administrator's of anyone, a student's of their own). All move with the 'tuition' topic.
   */
  tuition: {
    all: ['tuition'],
    plan: (classId: number, termId: number) => ['tuition', 'plan', classId, termId],
    payers: (q: string) => ['tuition', 'payers', q],
    statement: (studentId: number | undefined) => ['tuition', 'statement', studentId],
    debtors: (filters: object) => ['tuition', 'debtors', filters],
    /** The automatic payment reminders' days and words. */
    reminders: ['tuition', 'reminders'],
    /** Card transfers: a state's queue (`{ state }`) or one payer's (`{ studentId }`). */
    transfers: (filters: object) => ['tuition', 'transfers', filters],
    /** The money reports (point 8): `report` is 'income', 'outstanding' or 'receipts'. */
    reports: (report: string, request: object) => ['tuition', 'reports', report, request],
    /** Teachers' pay (point 7): a month's list (`{ month }`) or a teacher's month. */
    pay: (request: object) => ['tuition', 'pay', request],
    /** The academy's money rules (point 2): late joining, refunds, discounts. */
    rules: ['tuition', 'rules'],
    /** What a student leaving would be refunded or owe, for one of their charges (point 2). */
    leaving: (studentId: number, chargeId: number) => ['tuition', 'leaving', studentId, chargeId],
    /** A payer's brothers and sisters with their balances (the desk's family). */
    family: (studentId: number) => ['tuition', 'family', studentId],
  },
  /** A student's exams and Skill Builder items of one kind. */
  skills: {
    all: ['skills'],
    ofKind: (kind: string) => ['skills', kind],
    items: (kind: string, userId: number | undefined) => ['skills', kind, userId],
  },
  /** A student's speaking question, their answer's state, and the teacher's replies. */
  speaking: {
    all: ['speaking'],
    /** Every question open to the student (issue 29): answering one moves its `answered`. */
    open: (userId: number | undefined) => ['speaking', 'status', 'open', userId],
    statuses: ['speaking', 'status'],
    status: (userId: number | undefined, questionId: number | undefined) => [
      'speaking',
      'status',
      userId,
      questionId,
    ],
    replies: (userId: number | undefined) => ['speaking', 'replies', userId],
  },
  /** One student's page, for an admin. */
  studentOverview: {
    all: ['student-overview'],
    of: (userId: number) => ['student-overview', userId],
    /** The student's guardians (issue 31): refreshed with the rest of the page. */
    guardians: (userId: number) => ['student-overview', userId, 'guardians'],
  },
  users: {
    all: ['users'],
    students: (picker: { q?: string; limit: number }) => ['users', 'students', picker],
    list: (filters: object) => ['users', 'all', filters],
    importJobs: () => ['users', 'import-jobs'],
    /** The active teachers, to choose a class's teachers from (issue 29). */
    teachers: () => ['users', 'teachers'],
  },
} as const;

/** A family of keys, by its name here. */
export type QueryFamily = keyof typeof queryKeys;
