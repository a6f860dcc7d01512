import { accountRoutes } from './accounts.js';
import { activityRoutes } from './activity.js';
import { assignmentRoutes } from './assignments.js';
import { auditRoutes } from './audit.js';
import { brandingRoutes } from './branding.js';
import { calendarRoutes } from './calendar.js';
import { classRoutes } from './classes.js';
import { correctionRoutes } from './corrections.js';
import { dashboardRoutes } from './dashboard.js';
import { emailRoutes } from './email.js';
import { flashcardRoutes } from './flashcards.js';
import { guardianRoutes } from './guardians.js';
import { liveRoutes } from './live.js';
import { messageRoutes } from './messages.js';
import { notificationRoutes } from './notifications.js';
import { pushRoutes } from './push.js';
import { quizAnalysisRoutes } from './quiz-analysis.js';
import { quizBankRoutes } from './quiz-bank.js';
import { quizPlacementRoutes } from './quiz-placement.js';
import { quizRoutes } from './quizzes.js';
import { reportRoutes } from './reports.js';
import { resultRoutes } from './results.js';
import { rollRoutes } from './roll.js';
import { scheduleRoutes } from './schedules.js';
import { sendingRoutes } from './sendings.js';
import { settingsRoutes } from './settings.js';
import { skillRoutes } from './skills.js';
import { smsRoutes } from './sms.js';
import { speakingRoutes } from './speaking.js';
import { studentRoutes } from './students.js';
import { submissionRoutes } from './submissions.js';
import { termRoutes } from './terms.js';
import { timetableRoutes } from './timetable.js';
import { tuitionRoutes } from './tuition.js';
import { tuitionDebtorRoutes } from './tuition-debtors.js';
import { tuitionPayRoutes } from './tuition-pay.js';
import { tuitionReportRoutes } from './tuition-reports.js';
import { tuitionRuleRoutes } from './tuition-rules.js';
import { tuitionTransferRoutes } from './tuition-transfers.js';
import { userRoutes } from './users.js';

export type {
  Access,
  Encoding,
  ErrorShape,
  FileKind,
  ReachKind,
  RouteMeta,
  UploadKind,
  UploadRule,
} from './meta.js';
export { isWrite } from './meta.js';

/**
 * Every call of the API, by name. Paths, methods and encodings are the spec's section 7;
 * `access` is ours (the spec does not show server-side enforcement). The access matrix
 * test walks this table, so a call added here cannot escape it.
 */
export const routes = {
  ...accountRoutes,
  ...activityRoutes,
  ...brandingRoutes,
  ...userRoutes,
  ...notificationRoutes,
  ...scheduleRoutes,
  ...assignmentRoutes,
  ...submissionRoutes,
  ...correctionRoutes,
  ...flashcardRoutes,
  ...skillRoutes,
  ...speakingRoutes,
  ...auditRoutes,
  ...settingsRoutes,
  ...termRoutes,
  ...dashboardRoutes,
  ...classRoutes,
  ...timetableRoutes,
  ...rollRoutes,
  ...resultRoutes,
  ...reportRoutes,
  ...sendingRoutes,
  ...studentRoutes,
  ...calendarRoutes,
  ...messageRoutes,
  ...pushRoutes,
  ...smsRoutes,
  ...guardianRoutes,
  ...emailRoutes,
  ...liveRoutes,
  ...quizBankRoutes,
  ...quizRoutes,
  ...quizAnalysisRoutes,
  ...quizPlacementRoutes,
  ...tuitionRoutes,
  ...tuitionTransferRoutes,
  ...tuitionDebtorRoutes,
  ...tuitionRuleRoutes,
  ...tuitionPayRoutes,
  ...tuitionReportRoutes,
} as const;

export type CallName = keyof typeof routes;
