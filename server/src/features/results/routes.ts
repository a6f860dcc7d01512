import type { Term } from '@academy/contract/terms';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.js';
import { findTerm } from '../../domain/terms.js';
import { handle } from '../../http/call.js';
import { dayOf, fileWord } from '../../http/download-names.js';
import { badRequest, notFound } from '../../http/errors.js';
import { answerFile } from '../../http/file-answer.js';
import { findClass } from '../classes/classes-data.js';
import { publishSheet, sheetPublication } from './publish-data.js';
import { resultsOf } from './published-results.js';
import { readScheme, saveBands, saveScheme } from './scheme-data.js';
import { saveAdjustment, saveScores } from './score-data.js';
import { classLevelOf, readSheet, sheetContext } from './sheet-data.js';
import {
  type MarksFile,
  MarksFileError,
  readMarksCsv,
  sheetCsv,
  sheetXlsx,
} from './sheet-files.js';

/**
 * A term's results (issue 30, points 3–5): the scheme (scheme-data.ts), the sheet
 * (sheet-data.ts, sheet-marks.ts), its scores (score-data.ts), publishing (publish-data.ts)
 * and what a student reads (published-results.ts).
 */
export default async function resultRoutes(app: FastifyInstance) {
  handle(app, 'getResultSheet', async ({ db, settings, now, input }) => {
    const { cls, term } = await classAndTerm(db, input.class_id, input.term_id);
    const context = sheetContext(settings.current, now());
    const [{ scheme, lines }, publication] = await Promise.all([
      readSheet(db, cls, term, context),
      sheetPublication(db, cls.id, term.id),
    ]);
    return {
      success: true,
      class: { id: cls.id, name: cls.name, level: cls.level },
      term,
      components: scheme.components,
      academy_scheme: scheme.academyScheme,
      bands: { pass_at: scheme.bands.passAt, conditional_at: scheme.bands.conditionalAt },
      absence_limit: context.rules.absenceLimit,
      students: lines,
      published_at: publication ? Number(publication.published_at) : null,
      published_by: publication?.published_by ?? null,
    };
  });

  handle(app, 'saveResultScores', async ({ db, settings, input, caller, now, affects }) => {
    const { cls, term } = await classAndTerm(db, input.class_id, input.term_id);
    const at = now();
    const outcome = await saveScores(db, { classId: cls.id, termId: term.id }, input.scores, {
      userId: caller.id,
      now: at,
    });
    if ('refused' in outcome) throw badRequest(outcome.refused);
    // The class's teachers and the administrators: not every teacher's open sheet.
    affects({ users: cls.teachers.map((t) => t.id), administrators: true });
    const { lines } = await readSheet(
      db,
      cls,
      term,
      sheetContext(settings.current, now()),
      outcome.saved,
    );
    const count = input.scores.length;
    return {
      success: true,
      message: count === 1 ? 'Score saved.' : `${count} scores saved.`,
      students: lines,
      saved_at: at,
    };
  });

  handle(app, 'saveResultAdjustment', async ({ db, settings, input, caller, now, affects }) => {
    const { cls, term } = await classAndTerm(db, input.class_id, input.term_id);
    const at = now();
    const context = sheetContext(settings.current, now());
    const outcome = await saveAdjustment(db, { cls, term, context }, input, {
      userId: caller.id,
      now: at,
    });
    if ('refused' in outcome) throw badRequest(outcome.refused);
    affects({ users: cls.teachers.map((t) => t.id), administrators: true });
    const { lines } = await readSheet(db, cls, term, context, [input.student_id]);
    return {
      success: true,
      message:
        input.kind === 'excused'
          ? 'Excused: left out of the total.'
          : input.kind === 'override'
            ? 'The score is overridden.'
            : 'The computed score is back.',
      students: lines,
      saved_at: at,
    };
  });

  handle(app, 'publishResults', async ({ db, settings, tell, input, caller, now, affects }) => {
    const { cls, term } = await classAndTerm(db, input.class_id, input.term_id);
    const at = now();
    const outcome = await publishSheet(db, cls, term, sheetContext(settings.current, now()), {
      userId: caller.id,
      now: at,
      tell,
    });
    if ('refused' in outcome) throw badRequest(outcome.refused);
    const told = [...outcome.published, ...outcome.changed];
    affects(
      { users: [...told, ...cls.teachers.map((t) => t.id)], admins: true },
      { notifications: { users: told, admins: true } },
    );
    return {
      success: true,
      message: [
        publishedWords(outcome.published.length, outcome.changed.length, term, cls.name),
        ...(outcome.notReady.length > 0 ? [notReadyLine(outcome.notReady)] : []),
        ...(outcome.withdrawn.length > 0 ? [withdrawnLine(outcome.withdrawn)] : []),
      ].join(' '),
      published: outcome.published.length,
      changed: outcome.changed.length,
      not_ready: outcome.notReady,
      withdrawn: outcome.withdrawn,
    };
  });

  handle(app, 'getResultScheme', async ({ db, input }) => {
    if (input.class_id !== undefined && !(await findClass(db, input.class_id)))
      throw notFound('Class not found.');
    const scheme = await readScheme(db, input.class_id);
    return {
      success: true,
      components: scheme.components,
      academy_scheme: scheme.academyScheme,
      bands: { pass_at: scheme.bands.passAt, conditional_at: scheme.bands.conditionalAt },
    };
  });

  handle(app, 'saveResultScheme', async ({ db, input, affects }) => {
    const cls = input.class_id === undefined ? undefined : await findClass(db, input.class_id);
    if (input.class_id !== undefined && !cls) throw notFound('Class not found.');
    const outcome = await saveScheme(
      db,
      input.class_id,
      input.use_academy ? null : input.components,
    );
    if ('refused' in outcome) throw badRequest(outcome.refused);
    // A class's scheme concerns its teachers; the academy's, every staff member's sheet.
    affects(
      cls ? { users: cls.teachers.map((t) => t.id), administrators: true } : { admins: true },
    );
    return {
      success: true,
      message: !cls
        ? 'The academy’s scheme is saved.'
        : input.use_academy
          ? `${cls.name} follows the academy’s scheme again.`
          : `${cls.name}’s scheme is saved.`,
    };
  });

  handle(app, 'saveResultBands', async ({ db, input, affects }) => {
    await saveBands(db, { passAt: input.pass_at, conditionalAt: input.conditional_at });
    affects({ admins: true });
    return { success: true, message: 'The bands are saved.' };
  });

  handle(app, 'exportResultSheet', async ({ db, settings, input, now }) => {
    const { cls, term } = await classAndTerm(db, input.class_id, input.term_id);
    const { scheme, lines } = await readSheet(db, cls, term, sheetContext(settings.current, now()));
    const csv = sheetCsv(scheme.components, lines);
    return {
      success: true,
      csv,
      file_name: `${sheetFileName(cls.name, term.name, now())}.csv`,
      count: lines.length,
    };
  });

  handle(app, 'exportResultSheetXlsx', async ({ db, settings, input, now, reply }) => {
    const { cls, term } = await classAndTerm(db, input.class_id, input.term_id);
    const { scheme, lines } = await readSheet(db, cls, term, sheetContext(settings.current, now()));
    const bytes = await sheetXlsx(`${cls.name} ${term.name}`, scheme.components, lines);
    return answerFile(reply, 'xlsx', bytes, `${sheetFileName(cls.name, term.name, now())}.xlsx`);
  });

  handle(app, 'previewResultImport', async ({ db, settings, now, input }) => {
    const { cls, term } = await classAndTerm(db, input.class_id, input.term_id);
    const { scheme, lines } = await readSheet(db, cls, term, sheetContext(settings.current, now()));
    let file: MarksFile;
    try {
      file = readMarksCsv(
        input.csv,
        scheme.components,
        lines.map((l) => ({ id: l.id, name: l.name, username: l.username })),
      );
    } catch (error) {
      if (error instanceof MarksFileError) throw badRequest(error.message);
      throw error;
    }
    const rows = [...file.rows].sort(
      (a, b) => Number(b.problems.length > 0) - Number(a.problems.length > 0) || a.row - b.row,
    );
    const ready = file.rows.filter((r) => r.problems.length === 0);
    const readyCount = ready.reduce((n, r) => n + r.scores.length, 0);
    const skipped = file.rows.length - ready.length;
    return {
      success: true,
      columns: file.columns,
      ignored: file.ignored,
      rows: rows.map((r) => ({
        row: r.row,
        student: r.student,
        student_id: r.studentId,
        scores: r.scores.map((s) => ({
          component_key: s.key,
          component: s.component,
          score: s.score,
          problem: s.problem,
        })),
        problems: r.problems,
      })),
      ready_count: readyCount,
      message: importWords(readyCount, ready.length, skipped),
    };
  });

  handle(app, 'getResults', async ({ db, input }) => ({
    success: true,
    results: await resultsOf(db, input.user_id),
  }));
}

function importWords(scores: number, students: number, skipped: number) {
  const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
  const saving =
    scores === 0
      ? 'No score can be imported.'
      : `${count(scores, 'score', 'scores')} of ${count(students, 'student', 'students')} will be saved.`;
  return skipped === 0
    ? saving
    : `${saving} ${count(skipped, 'row has problems and is', 'rows have problems and are')} skipped.`;
}

/** A sheet's file name without its extension: results-b1-evening-autumn-2026-2026-12-20. */
const sheetFileName = (className: string, termName: string, now: number) =>
  `results-${fileWord(className)}-${fileWord(termName, 'term')}-${dayOf(now)}`;

/** The class and term a sheet is of, each found or refused. */
async function classAndTerm(db: Db, classId: number, termId: number) {
  // The class as every class call answers it, and its level (no class list shows it).
  const [found, term, level] = await Promise.all([
    findClass(db, classId),
    findTerm(db, termId),
    classLevelOf(db, classId),
  ]);
  if (!found) throw notFound('Class not found.');
  if (!term) throw notFound('No such term.');
  return { cls: { ...found, level }, term };
}

function publishedWords(published: number, changed: number, term: Term, className: string) {
  const students = (n: number) => (n === 1 ? '1 student' : `${n} students`);
  const where = `${term.name} results of ${className}`;
  if (published === 0 && changed === 0)
    return `${where}: nothing changed since they were published.`;
  const parts = [
    ...(published > 0 ? [`published to ${students(published)}`] : []),
    ...(changed > 0 ? [`changed for ${students(changed)}`] : []),
  ];
  return `${where} ${parts.join(' and ')}.`;
}

/** The students a publication left out, named (at most five, then how many more). */
function notReadyLine(left: readonly { name: string }[]) {
  const names = left.slice(0, 5).map((s) => s.name);
  const more = left.length > 5 ? ` and ${left.length - 5} more` : '';
  return `Not published yet, without a total: ${names.join(', ')}${more}.`;
}

/** The certificates a publication withdrew, named. */
function withdrawnLine(withdrawn: readonly { name: string; code: string }[]) {
  const named = withdrawn.map((w) => `${w.name} (${w.code})`).join(', ');
  return withdrawn.length === 1
    ? `Certificate withdrawn: ${named}.`
    : `Certificates withdrawn: ${named}.`;
}
