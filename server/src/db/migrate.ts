import {
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
} from 'kysely';
import * as initial from './migrations/0001-initial.js';
import * as auditLog from './migrations/0002-audit-log.js';
import * as appSettings from './migrations/0003-app-settings.js';
import * as flashcardAnswers from './migrations/0004-flashcard-answers.js';
import * as loginAttempts from './migrations/0005-login-attempts.js';
import * as uniqueEmail from './migrations/0006-unique-email.js';
import * as cleanFileNames from './migrations/0007-clean-file-names.js';
import * as settings from './migrations/0008-settings.js';
import * as dashboardCounts from './migrations/0009-dashboard-counts.js';
import * as classes from './migrations/0010-classes.js';
import * as workLinks from './migrations/0011-work-links.js';
import * as flashcardAnswerDays from './migrations/0012-flashcard-answer-days.js';
import * as recordedFeedback from './migrations/0013-recorded-feedback.js';
import * as quietHours from './migrations/0015-quiet-hours.js';
import * as teacherCards from './migrations/0016-teacher-cards.js';
import * as dueReminders from './migrations/0017-due-reminders.js';
import * as listIndexes from './migrations/0018-list-indexes.js';
import * as auditTargetName from './migrations/0019-audit-target-name.js';
import * as importJobs from './migrations/0020-import-jobs.js';
import * as recordingLengths from './migrations/0021-recording-lengths.js';
import * as feedbackNews from './migrations/0022-feedback-news.js';
import * as timeZoneConfirmed from './migrations/0023-time-zone-confirmed.js';
import * as cardsFromAnswers from './migrations/0024-cards-from-answers.js';
import * as submissionCorrectedAt from './migrations/0025-submission-corrected-at.js';
import * as classTimetable from './migrations/0026-class-timetable.js';
import * as roll from './migrations/0027-roll.js';
import * as classTeachers from './migrations/0028-class-teachers.js';
import * as speakingAudience from './migrations/0029-speaking-audience.js';
import * as terms from './migrations/0030-terms.js';
import * as marks from './migrations/0031-marks.js';
import * as termResults from './migrations/0032-results.js';
import * as itemMarks from './migrations/0033-item-marks.js';
import * as calendarFeeds from './migrations/0035-calendar-feeds.js';
import * as outbox from './migrations/0036-outbox.js';
import * as passwordResets from './migrations/0037-password-resets.js';
import * as unfinishedSendings from './migrations/0038-unfinished-sendings.js';
import * as foreignKeyIndexes from './migrations/0039-foreign-key-indexes.js';
import * as dashboardCountIndexes from './migrations/0040-dashboard-count-indexes.js';
import * as loginTriesInFlight from './migrations/0041-login-tries-in-flight.js';
import * as publicOrigin from './migrations/0042-public-origin.js';
import * as auditActorRole from './migrations/0045-audit-actor-role.js';
import * as lowerCaseEmails from './migrations/0046-lower-case-emails.js';
import * as resultAdjustments from './migrations/0047-result-adjustments.js';
import * as reportCardSignatures from './migrations/0048-report-card-signatures.js';
import * as guardianEmailOff from './migrations/0049-guardian-email-off.js';
import * as academyCountry from './migrations/0050-academy-country.js';
import * as quizzes from './migrations/0051-quizzes.js';
import * as quizTags from './migrations/0052-quiz-tags.js';
import * as quizCardsMade from './migrations/0053-quiz-cards-made.js';
import * as tuition from './migrations/0054-tuition.js';
import * as cardTransfers from './migrations/0055-card-transfers.js';
import * as teacherPay from './migrations/0056-teacher-pay.js';
import * as paymentReminders from './migrations/0057-payment-reminders.js';
import * as moneyRules from './migrations/0058-money-rules.js';
import * as refundNotes from './migrations/0059-refund-notes.js';
import * as payerStandings from './migrations/0060-payer-standings.js';

/**
 * Migrations are listed here rather than read from a folder, so they work the same from
 * src/ under the test runner and from dist/ in production. Names sort in the order they run;
 * never edit one that has shipped: add the next.
 */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-audit-log': auditLog,
  '0003-app-settings': appSettings,
  '0004-flashcard-answers': flashcardAnswers,
  '0005-login-attempts': loginAttempts,
  '0006-unique-email': uniqueEmail,
  '0007-clean-file-names': cleanFileNames,
  '0008-settings': settings,
  '0009-dashboard-counts': dashboardCounts,
  '0010-classes': classes,
  '0011-work-links': workLinks,
  '0012-flashcard-answer-days': flashcardAnswerDays,
  '0013-recorded-feedback': recordedFeedback,
  '0015-quiet-hours': quietHours,
  '0016-teacher-cards': teacherCards,
  '0017-due-reminders': dueReminders,
  '0018-list-indexes': listIndexes,
  '0019-audit-target-name': auditTargetName,
  '0020-import-jobs': importJobs,
  '0021-recording-lengths': recordingLengths,
  '0022-feedback-news': feedbackNews,
  '0023-time-zone-confirmed': timeZoneConfirmed,
  '0024-cards-from-answers': cardsFromAnswers,
  '0025-submission-corrected-at': submissionCorrectedAt,
  '0026-class-timetable': classTimetable,
  '0027-roll': roll,
  '0028-class-teachers': classTeachers,
  '0029-speaking-audience': speakingAudience,
  '0030-terms': terms,
  '0031-marks': marks,
  '0032-results': termResults,
  '0033-item-marks': itemMarks,
  '0035-calendar-feeds': calendarFeeds,
  '0036-outbox': outbox,
  '0037-password-resets': passwordResets,
  '0038-unfinished-sendings': unfinishedSendings,
  '0039-foreign-key-indexes': foreignKeyIndexes,
  '0040-dashboard-count-indexes': dashboardCountIndexes,
  '0041-login-tries-in-flight': loginTriesInFlight,
  '0042-public-origin': publicOrigin,
  '0045-audit-actor-role': auditActorRole,
  '0046-lower-case-emails': lowerCaseEmails,
  '0048-report-card-signatures': reportCardSignatures,
  '0047-result-adjustments': resultAdjustments,
  '0049-guardian-email-off': guardianEmailOff,
  '0050-academy-country': academyCountry,
  '0051-quizzes': quizzes,
  '0052-quiz-tags': quizTags,
  '0053-quiz-cards-made': quizCardsMade,
  '0054-tuition': tuition,
  '0055-card-transfers': cardTransfers,
  '0056-teacher-pay': teacherPay,
  '0057-payment-reminders': paymentReminders,
  '0058-money-rules': moneyRules,
  '0059-refund-notes': refundNotes,
  '0060-payer-standings': payerStandings,
};

const provider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/**
 * Brings the schema up to date; throws with the failing migration's name and cause.
 * `schema` names the PostgreSQL schema in use: Kysely looks for its own bookkeeping tables in
 * every schema unless told which, and tests run one schema per file side by side.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema.
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  if (await upToDate(db, schema)) return;
  const migrator = new Migrator({
    db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  let outcome = await migrator.migrateToLatest();
  // Kysely looks for its bookkeeping table by listing the tables (and their columns) of every
  // schema; a schema dropped or altered meanwhile (another academy's, or another test file's)
  // fails that listing. Nothing has been migrated then, so it is simply asked again.
  for (
    let attempt = 1;
    attempt < 5 && outcome.results === undefined && isOtherSchemaChanging(outcome.error, schema);
    attempt++
  ) {
    outcome = await migrator.migrateToLatest();
  }
  const { error, results } = outcome;
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause}`, {
      cause: error,
    });
  }
}

/**
 * What listing every schema's tables meets when another schema changes under it:
 * invalid_schema_name (dropped), undefined_table or undefined_column (altered by its own
 * migration) — about a schema that is not this one, as far as the message says.
 */
const CATALOG_RACES = new Set(['3F000', '42P01', '42703']);

function isOtherSchemaChanging(error: unknown, schema: string | undefined): boolean {
  if (!CATALOG_RACES.has((error as { code?: string } | undefined)?.code ?? '')) return false;
  return !schema || !String((error as Error).message).includes(`"${schema}"`);
}

/**
 * Whether every migration has run, and no other: then there is nothing for the migrator to do.
 * It would find that out only after listing every table and column of every schema on the
 * server (Kysely's introspection, looking for its bookkeeping table): 0.2–0.3 s at each start
 * on a PostgreSQL server holding many schemas, as the tests' does (each access-matrix case
 * starts an app). One read of the bookkeeping table answers it; anything else (no table yet,
 * one to run, one this build does not know) goes to the migrator, which runs or refuses as
 * before.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema.
async function upToDate(db: Kysely<any>, schema: string | undefined): Promise<boolean> {
  try {
    const rows: { name: string }[] = await (schema ? db.withSchema(schema) : db)
      .selectFrom(DEFAULT_MIGRATION_TABLE)
      .select('name')
      .execute();
    const ran = new Set(rows.map((row) => row.name));
    const known = Object.keys(migrations);
    return ran.size === known.length && known.every((name) => ran.has(name));
  } catch {
    return false;
  }
}
