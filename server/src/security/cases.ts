import { MESSAGE_KINDS } from '@academy/contract/messages';
import type { CallName } from '@academy/contract/routes';
import { samples } from '../test-support/samples.js';
import type { AccessCase } from './access-case.js';
import { quizAnalysisCases } from './quiz-analysis-cases.js';
import { quizBankCases } from './quiz-bank-cases.js';
import { quizCases } from './quiz-cases.js';
import { quizPlacementCases } from './quiz-placement-cases.js';
import { tuitionCases } from './tuition-cases.js';
import { tuitionDebtorCases } from './tuition-debtors-cases.js';
import { tuitionPayCases } from './tuition-pay-cases.js';
import { tuitionReportCases } from './tuition-report-cases.js';
import { tuitionRuleCases } from './tuition-rules-cases.js';

export type { AccessCase, Payload } from './access-case.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** A device's subscription as a browser sends it (a P-256 point and a 16-byte secret). */
const PUSH_DEVICE = {
  endpoint: 'https://push.example.com/send/matrix-device',
  keys: {
    p256dh:
      'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
    auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  },
  device: 'Chrome on Android',
};
const HOUR = 3_600_000;

/**
 * One case per call of the route table. The type requires every call: a call added to the
 * contract without a case here fails the typecheck, so none escapes the access matrix.
 */
export const accessCases: Record<CallName, AccessCase> = {
  login: { payload: (w) => ({ username: w.a.username, password: w.a.password }), selfOnly: true },
  logout: { payload: () => ({}), selfOnly: true },
  events: { payload: () => ({}), selfOnly: true },
  changePassword: {
    payload: (w) => ({ current_password: w.a.password, new_password: 'a-brand-new-password' }),
    selfOnly: true,
  },
  resetPassword: { payload: (w) => ({ user_id: w.a.id, new_password: 'reset-by-admin-1' }) },
  setUserActive: { payload: (w) => ({ user_id: w.a.id, active: 0 }) },
  updateActivity: { payload: () => ({}), selfOnly: true },
  onlineUsers: { payload: () => ({}) },
  logo: { payload: () => ({}), selfOnly: true },
  loginBackground: { payload: () => ({}), selfOnly: true },
  userBackground: { payload: () => ({}), selfOnly: true },
  appConfig: { payload: () => ({}), selfOnly: true },
  getSettings: { payload: () => ({}) },
  // Terms (issue 30): names and days, nothing of anyone's.
  listTerms: { payload: () => ({}), selfOnly: true },
  saveTerm: {
    payload: () => ({ name: 'Matrix Term', first_day: '2090-01-01', last_day: '2090-06-30' }),
  },
  deleteTerm: { payload: (w) => ({ id: w.ids.term }) },
  // Results (issue 30): A's class's sheet; a student reads only their own published results.
  getResultSheet: { payload: (w) => ({ class_id: w.ids.schoolClass, term_id: w.ids.term }) },
  saveResultScores: {
    payload: (w) => ({
      class_id: w.ids.schoolClass,
      term_id: w.ids.term,
      scores: [{ student_id: w.a.id, component_key: 'k2', score: '75' }],
    }),
  },
  publishResults: { payload: (w) => ({ class_id: w.ids.schoolClass, term_id: w.ids.term }) },
  saveResultAdjustment: {
    payload: (w) => ({
      class_id: w.ids.schoolClass,
      term_id: w.ids.term,
      student_id: w.a.id,
      component_key: 'k2',
      kind: 'excused',
    }),
  },
  getResultScheme: { payload: (w) => ({ class_id: w.ids.schoolClass }) },
  saveResultScheme: {
    payload: (w) => ({
      class_id: w.ids.schoolClass,
      components: [
        { key: 'k2', name: 'Exam', weight: 60, source: 'typed', final: false },
        { name: 'Class activity', weight: 40, source: 'activity', final: false },
      ],
    }),
  },
  saveResultBands: { payload: () => ({ pass_at: 70, conditional_at: 60 }) },
  getResults: { payload: (w) => ({ user_id: w.a.id }) },
  exportResultSheet: { payload: (w) => ({ class_id: w.ids.schoolClass, term_id: w.ids.term }) },
  exportResultSheetXlsx: {
    payload: (w) => ({ class_id: w.ids.schoolClass, term_id: w.ids.term }),
  },
  previewResultImport: {
    payload: (w) => ({
      class_id: w.ids.schoolClass,
      term_id: w.ids.term,
      csv: `student,username,Exam\n${w.a.name},${w.a.username},91\n`,
    }),
  },
  // Report cards and certificates (issue 30): PDFs of A's published result.
  getReportCard: { payload: (w) => ({ result_id: w.ids.result }), teacherReads: true },
  getCertificate: { payload: (w) => ({ result_id: w.ids.result }), teacherReads: true },
  getClassReportCards: {
    payload: (w) => ({ class_id: w.ids.schoolClass, term_id: w.ids.term }),
  },
  // Public: a real code answers what it certifies to anyone.
  verifyCertificate: { payload: (w) => ({ code: w.certificateCode }), selfOnly: true },
  setClassLevel: {
    payload: (w) => ({ class_id: w.ids.schoolClass, level: 'B1', next_class_id: null }),
  },
  getClassPromotion: { payload: (w) => ({ class_id: w.ids.schoolClass, term_id: w.ids.term }) },
  movePassingStudents: {
    payload: (w) => ({ class_id: w.ids.schoolClass, term_id: w.ids.term }),
  },
  getAdminCounts: { payload: () => ({}) },
  getStudentOverview: { payload: (w) => ({ user_id: w.a.id }) },
  saveSettings: {
    payload: () => ({ academy_name: 'Matrix Academy', online_class_url: '' }),
    files: () => ({ logo: { filename: 'logo.png', content: samples.png } }),
  },
  addUser: {
    payload: () => {
      // Usernames and e-mails are each one account's own: a fresh pair every time.
      const fresh = Math.random().toString(36).slice(2, 8);
      return {
        name: 'New Person',
        username: `new${fresh}`,
        email: `new${fresh}@example.com`,
        password: 'new-person-pass',
        role_id: '2',
        gender: 'male',
      };
    },
  },
  getUsers: { payload: () => ({}) },
  updateUser: {
    payload: (w) => ({
      user_id: w.a.id,
      name: 'Renamed Student',
      email: `renamed-${w.a.username}@example.com`,
      gender: 'female',
      role_id: '2',
    }),
  },
  deleteUser: { payload: (w) => ({ user_id: w.a.id }) },
  previewUserImport: {
    payload: () => ({
      csv: 'name,username,email,gender\nNew One,newone,newone@example.com,female\n',
    }),
  },
  importUsers: {
    payload: () => {
      const fresh = Math.random().toString(36).slice(2, 8);
      return {
        csv: `name,username,email,gender,password\nNew ${fresh},imp${fresh},imp${fresh}@example.com,male,\n`,
      };
    },
  },
  getImportJobs: { payload: () => ({}) },
  importCredentials: { payload: (w) => ({ job_id: w.ids.importJob }) },
  dismissImport: { payload: (w) => ({ job_id: w.ids.importJobToDismiss }) },
  exportUsers: { payload: () => ({}) },
  userList: { payload: () => ({}) },
  getNotifications: { payload: (w) => ({ user_id: w.a.id }) },
  markNotificationRead: { payload: (w) => ({ notification_id: w.ids.notification }) },
  markAllNotificationsRead: { payload: () => ({}), selfOnly: true },
  // The caller's own calendar address (issue 31, point 5): no payload, nobody else's.
  getCalendarFeed: { payload: () => ({}), selfOnly: true },
  renewCalendarFeed: { payload: () => ({}), selfOnly: true },
  // Messages beyond the app (issue 31): one's own choices; the outbox is the administrator's.
  getMessageChoices: { payload: () => ({}), selfOnly: true },
  saveMessageChoices: {
    payload: () => ({
      kinds: Object.fromEntries(
        MESSAGE_KINDS.map((kind) => [kind, { push: true, email: 'digest', sms: false }]),
      ),
      quiet_hours: { from: '21:00', to: '08:00' },
      phone: '+44 7700 900123',
    }),
    selfOnly: true,
  },
  listOutbox: { payload: () => ({ state: 'failed' }) },
  resendOutbox: { payload: (w) => ({ id: w.ids.failedMessage }) },
  // Web push (issue 31, point 2): the caller's own devices only. A saved endpoint moves to
  // whoever saves it (the device changed hands); a delete touches only the caller's own.
  getPushKey: { payload: () => ({}), selfOnly: true },
  savePushSubscription: { payload: () => PUSH_DEVICE, selfOnly: true },
  deletePushSubscription: { payload: () => ({ endpoint: PUSH_DEVICE.endpoint }), selfOnly: true },
  listPushDevices: { payload: () => ({}), selfOnly: true },
  // SMS (issue 31, point 4): the world's gateway answers nothing, so a test SMS says so.
  getSmsGateway: { payload: () => ({}) },
  saveSmsGateway: {
    payload: () => ({
      method: 'POST',
      url: 'https://sms.example.com/send',
      secret_headers: 'X-Api-Key: matrix-key',
      content_type: 'form',
      body: 'to={to}&message={text}&reference={id}',
      monthly_cap: 500,
    }),
  },
  removeSmsGateway: { payload: () => ({}) },
  sendTestSms: { payload: () => ({ to: '+447700900123' }) },
  estimateSms: { payload: (w) => ({ user_id: w.a.id }) },
  // A's guardians: A's teacher reads them; only an administrator changes them.
  listGuardians: { payload: (w) => ({ user_id: w.a.id }) },
  saveGuardian: {
    payload: (w) => ({ user_id: w.a.id, name: 'Matrix Guardian', phone: '+447700900222' }),
  },
  deleteGuardian: { payload: (w) => ({ user_id: w.a.id, guardian_id: w.ids.guardian }) },
  getGuardianKinds: { payload: () => ({}) },
  saveGuardianKinds: { payload: () => ({ kinds: ['attendance', 'announcement'] }) },
  // E-mail (issue 31, point 3): the SMTP settings and their test, an administrator's; the
  // password link's calls anyone's, the link one the world made for A.
  getEmailSettings: { payload: () => ({}) },
  saveEmailSettings: {
    payload: () => ({
      host: 'smtp.example.com',
      port: 587,
      security: 'starttls',
      user: 'academy',
      password: 'smtp-secret',
      sender_name: 'Matrix Academy',
      sender_address: 'office@example.com',
    }),
  },
  clearEmailSettings: { payload: () => ({}) },
  sendTestEmail: { payload: () => ({ to: 'office@example.com' }) },
  forgotPassword: { payload: (w) => ({ login: w.a.username }), selfOnly: true },
  // Issue 49, point 18: public, the signed token is the permission (as a calendar address).
  unsubscribe: {
    payload: (w) => ({ token: w.unsubscribeToken, 'List-Unsubscribe': 'One-Click' }),
    selfOnly: true,
  },
  checkPasswordLink: { payload: (w) => ({ token: w.passwordLink }), selfOnly: true },
  setPasswordFromLink: {
    payload: (w) => ({ token: w.passwordLink, new_password: 'set-by-a-link-1' }),
    selfOnly: true,
    usedOnce: true,
  },
  getFeedbackNews: { payload: (w) => ({ user_id: w.a.id }) },
  markFeedbackOpened: { payload: () => ({ screen: 'assignment_results' }), selfOnly: true },
  addNotification: { payload: (w) => ({ user_id: w.a.id, message: 'Hello' }) },
  // The spec's user_id=0 (every user's) reads as no user named: a list, narrowed for a teacher.
  getAllNotifications: { payload: () => ({}) },
  saveSchedule: {
    payload: (w) => ({
      user_id: w.a.id,
      schedule: [{ session_number: 2, session_day: 'Friday', status: 'Next Session' }],
    }),
  },
  // By name, as the spec's call asks: a name is what a student could probe with.
  getSchedule: { payload: (w) => ({ student_name: w.a.name }) },
  updateSchedule: {
    payload: (w) => ({
      user_id: w.a.id,
      session_number: 1,
      session_day: 'Friday',
      status: 'Missed',
    }),
  },
  deleteSession: { payload: (w) => ({ user_id: w.a.id, session_number: 1 }) },
  sendAssignment: {
    payload: (w) => ({ user_id: w.a.id, title: 'T', description: 'D', file_links: '[]' }),
  },
  getAssignments: { payload: () => ({}) },
  markAssignmentRead: { payload: (w) => ({ assignment_id: w.ids.assignment, user_id: w.a.id }) },
  removeAssignment: { payload: (w) => ({ assignment_id: w.ids.assignment }) },
  getUserAssignments: { payload: (w) => ({ user_id: w.a.id }) },
  getUnreadAssignments: { payload: (w) => ({ user_id: w.a.id }) },
  markAssignmentAsRead: {
    payload: (w) => ({ user_id: w.a.id, assignment_id: w.ids.assignment }),
    othersRecord: true,
  },
  // Naming the assignment it answers: B naming A's assignment is refused like one nobody has.
  uploadAssignment: {
    payload: (w) => ({
      user_id: String(w.a.id),
      subject: 'Homework',
      assignment_id: String(w.ids.assignment),
    }),
    files: () => ({ 'files[]': [{ filename: 'h.pdf', content: samples.pdf }] }),
    othersRecord: true,
  },
  sendToInbox: { payload: (w) => ({ user_id: w.a.id, state: 'new', from: '2026-11-01' }) },
  sendCorrection: {
    payload: (w) => ({
      user_id: String(w.a.id),
      title: 'Marked',
      submission_id: String(w.ids.submission),
    }),
    files: () => ({ file1: { filename: 'm.pdf', content: samples.pdf } }),
  },
  getCorrections: { payload: () => ({}) },
  deleteCorrection: { payload: (w) => ({ id: w.ids.correction }) },
  studentsGetCorrections: { payload: (w) => ({ user_id: w.a.id }) },
  getCardsToReview: { payload: (w) => ({ user_id: w.a.id }) },
  getCards: { payload: (w) => ({ user_id: w.a.id }) },
  updateCard: {
    payload: (w) => ({ id: w.ids.card, user_id: w.a.id, was_correct: 'true' }),
    othersRecord: true,
  },
  // Made from A's speaking answer: B, even for themself, may not name it (point 18).
  addCard: {
    payload: (w) => ({
      user_id: w.a.id,
      front_text: 'f',
      back_text: 'b',
      speaking_answer_id: w.ids.answer,
    }),
    othersRecord: true,
  },
  getUserCards: { payload: (w) => ({ user_id: w.a.id }) },
  studentUpdateCard: {
    payload: (w) => ({
      user_id: w.a.id,
      card_id: w.ids.card,
      front_text: 'new',
      back_text: 'text',
    }),
    othersRecord: true,
  },
  deleteCard: { payload: (w) => ({ card_id: w.ids.card, user_id: w.a.id }), othersRecord: true },
  getAllUsersCards: { payload: () => ({}) },
  cardOwners: { payload: () => ({}) },
  getLeitnerProgress: { payload: (w) => ({ user_id: w.a.id }) },
  getExam: { payload: (w) => ({ user_id: w.a.id }) },
  updateAttempted: { payload: (w) => ({ user_id: w.a.id, exam_id: w.ids.exam }) },
  getReading: { payload: (w) => ({ user_id: w.a.id }) },
  getListening: { payload: (w) => ({ user_id: w.a.id }) },
  getStory: { payload: (w) => ({ user_id: w.a.id }) },
  updateReadingAttempted: { payload: (w) => ({ user_id: w.a.id, item_id: w.ids.reading }) },
  updateListeningAttempted: { payload: (w) => ({ user_id: w.a.id, item_id: w.ids.listening }) },
  updateStoryAttempted: { payload: (w) => ({ user_id: w.a.id, item_id: w.ids.story }) },
  getSpeakingQuestion: { payload: (w) => ({ user_id: w.a.id }) },
  getOpenSpeakingQuestions: { payload: (w) => ({ user_id: w.a.id }) },
  getSpeakingQuestionStatus: { payload: (w) => ({ user_id: w.a.id, question_id: w.ids.question }) },
  sendSpeakingAnswer: {
    payload: (w) => ({ user_id: String(w.a.id), question_id: String(w.ids.question) }),
    files: () => ({ audio_file: { filename: 'a.wav', content: samples.wav } }),
  },
  listSkillItems: { payload: () => ({ kind: 'exam' }) },
  saveSkillItem: {
    payload: (w) => ({
      kind: 'reading',
      title: 'New',
      access_start: iso(w.t.clock.now),
      access_end: iso(w.t.clock.now + HOUR),
      link_url: 'https://x.example.com/n.pdf',
    }),
  },
  deleteSkillItem: { payload: (w) => ({ id: w.ids.exam }) },
  skillItemAttempts: { payload: (w) => ({ item_id: w.ids.startedItem }) },
  // A's attempt at the story A started: a teacher marks their classes' students only (issue 30).
  markSkillAttempt: {
    payload: (w) => ({ item_id: w.ids.startedItem, user_id: w.a.id, mark: '85.5' }),
  },
  listSpeakingQuestions: { payload: () => ({}) },
  // For A's class: a teacher asks their own classes (issue 29, point 5).
  saveSpeakingQuestion: {
    payload: (w) => ({
      question_text: 'Q',
      start_time: iso(w.t.clock.now),
      end_time: iso(w.t.clock.now + HOUR),
      class_id: w.ids.schoolClass,
    }),
  },
  // The question A's teacher asked A's class: a teacher deletes only their own.
  deleteSpeakingQuestion: { payload: (w) => ({ id: w.ids.teachersQuestion }) },
  speakingAnswers: { payload: (w) => ({ question_id: w.ids.question }) },
  replySpeakingAnswer: {
    payload: (w) => ({ answer_id: String(w.ids.answer), reply_text: 'Well said' }),
    files: () => ({ reply_audio: { filename: 'r.wav', content: samples.wav } }),
  },
  speakingReplies: { payload: (w) => ({ user_id: w.a.id }) },
  auditLog: { payload: () => ({}) },
  getClasses: { payload: () => ({}) },
  createClass: {
    // Two classes in use may not share a name: a fresh one every time.
    payload: () => ({ name: `Class ${Math.random().toString(36).slice(2, 8)}` }),
  },
  updateClass: { payload: (w) => ({ class_id: w.ids.schoolClass, name: 'Renamed Class' }) },
  getClassStudents: { payload: (w) => ({ class_id: w.ids.schoolClass }) },
  addClassStudents: { payload: (w) => ({ class_id: w.ids.schoolClass, user_ids: [w.a.id] }) },
  removeClassStudents: { payload: (w) => ({ class_id: w.ids.schoolClass, user_ids: [w.a.id] }) },
  getStudentClasses: { payload: (w) => ({ user_id: w.a.id }) },
  setClassTeachers: {
    payload: (w) => ({ class_id: w.ids.schoolClass, teacher_ids: [w.teacher.id] }),
  },
  getTeachers: { payload: () => ({}) },
  getTeachingDay: { payload: () => ({}) },
  getClassAttendance: { payload: (w) => ({ class_id: w.ids.schoolClass }) },
  exportClassAttendance: { payload: (w) => ({ class_id: w.ids.schoolClass }) },
  getAttendanceWarnings: { payload: () => ({}) },
  exportAttendanceWarnings: { payload: () => ({}) },
  saveClassSchedule: {
    payload: (w) => ({
      class_id: w.ids.schoolClass,
      weekdays: ['Monday'],
      first_date: '2026-12-07',
      count: 2,
      time: '18:00',
    }),
  },
  getClassSessions: { payload: (w) => ({ class_id: w.ids.schoolClass, when: 'past' }) },
  updateClassSession: {
    payload: (w) => ({
      class_id: w.ids.schoolClass,
      class_session_id: w.ids.classSession,
      session_time: '17:30',
    }),
  },
  getRoll: { payload: (w) => ({ class_session_id: w.ids.classSession }) },
  getAttendance: { payload: (w) => ({ user_id: w.a.id }) },
  saveRoll: {
    payload: (w) => ({
      class_session_id: w.ids.classSession,
      marks: [{ user_id: w.a.id, mark: 'late', note: 'Bus' }],
    }),
  },
  getSendings: { payload: () => ({ kind: 'assignment' }) },
  getSending: { payload: (w) => ({ sending_id: w.ids.sending }) },
  updateSending: {
    payload: (w) => ({ sending_id: w.ids.sending, title: 'New title', description: 'New words' }),
  },
  // Quizzes (issue 51): the bank's calls and the quizzes', each domain's in its own file.
  ...quizBankCases,
  ...quizCases,
  ...quizAnalysisCases,
  ...quizPlacementCases,
  // Tuition (issue 52): its own file, as the quizzes'.
  ...tuitionCases,
  ...tuitionDebtorCases,
  ...tuitionRuleCases,
  ...tuitionReportCases,
  ...tuitionPayCases,
};
