import type { z } from 'zod';
import { accountSchemas } from './accounts.js';
import { activitySchemas } from './activity.js';
import { assignmentSchemas } from './assignments.js';
import { auditSchemas } from './audit.js';
import { brandingSchemas } from './branding.js';
import { calendarSchemas } from './calendar.js';
import { classSchemas } from './classes.js';
import type { CallSchemas } from './common.js';
import { correctionSchemas } from './corrections.js';
import { dashboardSchemas } from './dashboard.js';
import { emailSchemas } from './email.js';
import { flashcardSchemas } from './flashcards.js';
import { guardianSchemas } from './guardians.js';
import { liveSchemas } from './live.js';
import { messageSchemas } from './messages.js';
import { notificationSchemas } from './notifications.js';
import { pushSchemas } from './push.js';
import { quizAnalysisSchemas } from './quiz-analysis.js';
import { quizBankSchemas } from './quiz-bank.js';
import { quizPlacementSchemas } from './quiz-placement.js';
import { quizSchemas } from './quizzes.js';
import { reportSchemas } from './reports.js';
import { resultSchemas } from './results.js';
import { rollSchemas } from './roll.js';
import { scheduleSchemas } from './schedules.js';
import { sendingSchemas } from './sendings.js';
import { settingsSchemas } from './settings.js';
import { skillSchemas } from './skills.js';
import { smsSchemas } from './sms.js';
import { speakingSchemas } from './speaking.js';
import { studentSchemas } from './students.js';
import { submissionSchemas } from './submissions.js';
import { termSchemas } from './terms.js';
import { timetableSchemas } from './timetable.js';
import { tuitionSchemas } from './tuition.js';
import { tuitionDebtorSchemas } from './tuition-debtors.js';
import { tuitionPaySchemas } from './tuition-pay.js';
import { tuitionReportSchemas } from './tuition-reports.js';
import { tuitionRuleSchemas } from './tuition-rules.js';
import { tuitionTransferSchemas } from './tuition-transfers.js';
import { userSchemas } from './users.js';

export * from './accounts.js';
export * from './activity.js';
export * from './assignments.js';
export * from './audit.js';
export * from './branding.js';
export * from './calendar.js';
export * from './classes.js';
export * from './common.js';
export * from './corrections.js';
export * from './dashboard.js';
export * from './email.js';
export * from './flashcards.js';
export * from './guardians.js';
export * from './live.js';
export * from './messages.js';
export * from './notifications.js';
export * from './push.js';
export * from './quiz-analysis.js';
export * from './quiz-bank.js';
export * from './quiz-placement.js';
export * from './quizzes.js';
export * from './recipients.js';
export * from './reports.js';
export * from './results.js';
export * from './roll.js';
export * from './schedules.js';
export * from './sendings.js';
export * from './settings.js';
export * from './skills.js';
export * from './sms.js';
export * from './speaking.js';
export * from './students.js';
export * from './submissions.js';
export * from './terms.js';
export * from './timetable.js';
export * from './tuition.js';
export * from './tuition-debtors.js';
export * from './tuition-pay.js';
export * from './tuition-reports.js';
export * from './tuition-rules.js';
export * from './tuition-transfers.js';
export * from './users.js';

/** One payload and one response schema per call, by the call's name in the route table. */
export const schemas = {
  ...accountSchemas,
  ...activitySchemas,
  ...brandingSchemas,
  ...userSchemas,
  ...notificationSchemas,
  ...scheduleSchemas,
  ...assignmentSchemas,
  ...submissionSchemas,
  ...correctionSchemas,
  ...flashcardSchemas,
  ...skillSchemas,
  ...speakingSchemas,
  ...auditSchemas,
  ...settingsSchemas,
  ...termSchemas,
  ...dashboardSchemas,
  ...classSchemas,
  ...timetableSchemas,
  ...rollSchemas,
  ...resultSchemas,
  ...reportSchemas,
  ...sendingSchemas,
  ...studentSchemas,
  ...calendarSchemas,
  ...messageSchemas,
  ...pushSchemas,
  ...smsSchemas,
  ...guardianSchemas,
  ...emailSchemas,
  ...liveSchemas,
  ...quizBankSchemas,
  ...quizSchemas,
  ...quizAnalysisSchemas,
  ...quizPlacementSchemas,
  ...tuitionSchemas,
  ...tuitionTransferSchemas,
  ...tuitionDebtorSchemas,
  ...tuitionRuleSchemas,
  ...tuitionPaySchemas,
  ...tuitionReportSchemas,
} as const;

/** Calls that have schemas, and so a server handler and a typed client. */
export type ImplementedCall = keyof typeof schemas;
export type CallRequest<K extends ImplementedCall> = z.input<(typeof schemas)[K]['request']>;
export type CallResponse<K extends ImplementedCall> = z.output<(typeof schemas)[K]['response']>;
export type { CallSchemas };
