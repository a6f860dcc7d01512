import { OUTCOME_WORDS, type Outcome, scoreText } from '@academy/contract/results';
import type { Term } from '@academy/contract/terms';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.js';
import { handle } from '../../http/call.js';
import { badRequest, notFound } from '../../http/errors.js';
import { findClass } from '../classes/classes-data.js';
import { tellStudent } from '../notifications/notifications-data.js';
import {
  findTerm,
  publishSheet,
  readScheme,
  readSheet,
  resultsOf,
  saveBands,
  saveScheme,
  saveScores,
  sheetPublication,
} from './results-data.js';

/** A term's results (issue 30, points 3–5; features/results/results-data.ts). */
export default async function resultRoutes(app: FastifyInstance) {
  handle(app, 'getResultSheet', async ({ db, settings, input }) => {
    const { cls, term } = await classAndTerm(db, input.class_id, input.term_id);
    const context = { rules: settings.current.rollRules, timeZone: settings.current.timeZone };
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
    affects({ users: cls.teachers.map((t) => t.id), admins: true });
    const context = { rules: settings.current.rollRules, timeZone: settings.current.timeZone };
    const { lines } = await readSheet(db, cls, term, context, outcome.saved);
    const count = input.scores.length;
    return {
      success: true,
      message: count === 1 ? 'Score saved.' : `${count} scores saved.`,
      students: lines,
      saved_at: at,
    };
  });

  handle(app, 'publishResults', async ({ db, settings, input, caller, now, affects }) => {
    const { cls, term } = await classAndTerm(db, input.class_id, input.term_id);
    const at = now();
    const context = { rules: settings.current.rollRules, timeZone: settings.current.timeZone };
    const outcome = await publishSheet(db, cls, term, context, { userId: caller.id, now: at });
    if ('refused' in outcome) throw badRequest(outcome.refused);
    const told = [...outcome.published, ...outcome.changed];
    if (told.length > 0) {
      const results = new Map(
        (
          await db
            .selectFrom('term_results')
            .select(['id', 'user_id', 'total_hundredths', 'outcome'])
            .where('class_id', '=', cls.id)
            .where('term_id', '=', term.id)
            .execute()
        ).map((row) => [row.user_id, row]),
      );
      const first = new Set(outcome.published);
      for (const userId of told) {
        const result = results.get(userId);
        if (!result) continue;
        const said = `${OUTCOME_WORDS[result.outcome as Outcome]}, ${scoreText(result.total_hundredths)}`;
        await tellStudent(
          db,
          {
            userId,
            topic: 'results',
            refId: result.id,
            message: first.has(userId)
              ? `Your results for ${term.name} (${cls.name}) are published: ${said}.`
              : `Your result for ${term.name} (${cls.name}) was changed: ${said}.`,
          },
          at,
        );
      }
    }
    affects(
      { users: [...told, ...cls.teachers.map((t) => t.id)], admins: true },
      { notifications: { users: told, admins: true } },
    );
    return {
      success: true,
      message: publishedWords(outcome.published.length, outcome.changed.length, term, cls.name),
      published: outcome.published.length,
      changed: outcome.changed.length,
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
    affects({ admins: true, users: cls?.teachers.map((t) => t.id) ?? [] });
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

  handle(app, 'getResults', async ({ db, input }) => ({
    success: true,
    results: await resultsOf(db, input.user_id),
  }));
}

/** The class and term a sheet is of, each found or refused. */
async function classAndTerm(db: Db, classId: number, termId: number) {
  const [found, term, level] = await Promise.all([
    findClass(db, classId),
    findTerm(db, termId),
    db.selectFrom('classes').select('level').where('id', '=', classId).executeTakeFirst(),
  ]);
  if (!found) throw notFound('Class not found.');
  if (!term) throw notFound('No such term.');
  return { cls: { ...found, level: level?.level ?? null }, term };
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
