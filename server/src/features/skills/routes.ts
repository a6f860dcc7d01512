import type { SkillKind } from '@academy/contract';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../auth/caller.js';
import { formatTimestamp } from '../../db/time.js';
import { type CallContext, handle } from '../../http/call.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { nouns, windowState } from './skill-window.js';
import {
  audienceOf,
  findActiveQuestion,
  findQuestion,
  findVisibleItem,
  hasAnswered,
  listAttempts,
  listCurrentItems,
  listItemsForAdmin,
  listQuestionsForAdmin,
  recordAttempt,
  type StudentItemRow,
  saveItem,
  unknownStudents,
} from './skills-data.js';

/** The link a student opens: the item's external link (uploaded files come with file storage). */
function fileUrlOf(item: { link_url: string | null }): string | null {
  return item.link_url;
}

function toStudentItem(row: StudentItemRow, now: number) {
  const isOpen = windowState(row.access_start, row.access_end, now) === 'open';
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    access_start: formatTimestamp(row.access_start),
    access_end: formatTimestamp(row.access_end),
    // Nothing to open before the window does.
    file_url: isOpen ? fileUrlOf(row) : null,
    attempted: row.started_at === null ? (0 as const) : (1 as const),
  };
}

async function currentItems(
  ctx: Pick<CallContext<'getReading'>, 'db' | 'now'>,
  kind: SkillKind,
  userId: number,
) {
  const now = ctx.now();
  const rows = await listCurrentItems(ctx.db, kind, userId, now);
  return rows.map((row) => toStudentItem(row, now));
}

/**
 * Starts an item for a student: it must be theirs, open now, and not started before. The
 * spec's reading, listening and story calls name no item: the first current one is meant.
 */
async function startItem(
  ctx: Pick<CallContext<'getReading'>, 'db' | 'now'>,
  caller: Caller,
  kind: SkillKind,
  itemId: number | undefined,
) {
  const now = ctx.now();
  const noun = nouns[kind].one;
  const id = itemId ?? (await listCurrentItems(ctx.db, kind, caller.id, now))[0]?.id;
  const item = id === undefined ? undefined : await findVisibleItem(ctx.db, kind, caller.id, id);
  if (!item) throw notFound(`No ${noun} found.`);
  const state = windowState(item.access_start, item.access_end, now);
  if (state === 'upcoming') throw forbidden(`This ${noun} has not opened yet.`);
  if (state === 'closed') throw forbidden(`This ${noun} has closed.`);
  if (!(await recordAttempt(ctx.db, item.id, caller.id, now))) {
    throw conflict(`You have already started this ${noun}.`);
  }
  return {
    success: true as const,
    message: `Your ${noun} has started.`,
    file_url: fileUrlOf(item),
  };
}

export default async function skillRoutes(app: FastifyInstance) {
  // The student side.
  handle(app, 'getExam', async (ctx) => {
    const [exam] = await currentItems(ctx, 'exam', ctx.caller.id);
    return exam
      ? { success: true, exam, message: 'Exam found.' }
      : { success: false, exam: null, message: 'No exam found.' };
  });
  handle(app, 'getReading', async (ctx) => {
    const readings = await currentItems(ctx, 'reading', ctx.caller.id);
    return {
      success: readings.length > 0,
      readings,
      message: readings.length ? 'Readings found.' : 'No readings found.',
    };
  });
  handle(app, 'getListening', async (ctx) => {
    const listenings = await currentItems(ctx, 'listening', ctx.caller.id);
    return {
      success: listenings.length > 0,
      listenings,
      message: listenings.length ? 'Listenings found.' : 'No listenings found.',
    };
  });
  handle(app, 'getStory', async (ctx) => {
    const stories = await currentItems(ctx, 'story', ctx.caller.id);
    return {
      success: stories.length > 0,
      stories,
      message: stories.length ? 'Stories found.' : 'No stories found.',
    };
  });

  handle(app, 'updateAttempted', (ctx) => startItem(ctx, ctx.caller, 'exam', ctx.input.exam_id));
  handle(app, 'updateReadingAttempted', (ctx) =>
    startItem(ctx, ctx.caller, 'reading', ctx.input.item_id),
  );
  handle(app, 'updateListeningAttempted', (ctx) =>
    startItem(ctx, ctx.caller, 'listening', ctx.input.item_id),
  );
  handle(app, 'updateStoryAttempted', (ctx) =>
    startItem(ctx, ctx.caller, 'story', ctx.input.item_id),
  );

  handle(app, 'getSpeakingQuestion', async ({ db, now }) => {
    const question = await findActiveQuestion(db, now());
    if (!question)
      return { success: false, data: null, message: 'No active question available at this time.' };
    return {
      success: true,
      data: {
        id: question.id,
        question_text: question.question_text,
        start_time: formatTimestamp(question.start_time),
        end_time: formatTimestamp(question.end_time),
      },
      message: 'Question found.',
    };
  });

  handle(app, 'getSpeakingQuestionStatus', async ({ db, input, caller }) => {
    if (!(await findQuestion(db, input.question_id))) throw notFound('No active question found.');
    const answered = await hasAnswered(db, input.question_id, caller.id);
    return {
      success: true,
      status: answered ? 'answered' : 'not_answered',
      message: answered ? 'You have already answered this question.' : 'Not answered yet.',
    };
  });

  // The admin side.
  handle(app, 'listSkillItems', async ({ db, input }) => {
    const rows = await listItemsForAdmin(db, input.kind);
    const audience = await audienceOf(
      db,
      rows.filter((r) => r.for_all_students === 0).map((r) => r.id),
    );
    return {
      success: true,
      items: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        description: row.description,
        access_start: formatTimestamp(row.access_start),
        access_end: formatTimestamp(row.access_end),
        link_url: row.link_url,
        file_name: row.file_name ?? null,
        file_url: fileUrlOf(row),
        student_ids: audience.get(row.id) ?? [],
        attempts_count: Number(row.attempts_count ?? 0),
      })),
    };
  });

  handle(app, 'saveSkillItem', async ({ db, now, input, caller }) => {
    const linkUrl = input.link_url ? input.link_url : null;
    if (!linkUrl) throw badRequest('Please add a link to the file.');
    const strangers = await unknownStudents(db, input.student_ids);
    if (strangers.length > 0) throw badRequest(`These are not students: ${strangers.join(', ')}.`);
    const id = await saveItem(
      db,
      input.id,
      {
        kind: input.kind,
        title: input.title,
        description: input.description,
        accessStart: input.access_start,
        accessEnd: input.access_end,
        linkUrl,
        fileId: null,
        studentIds: input.student_ids,
      },
      caller.id,
      now(),
    );
    if (id === null) throw notFound(`No such ${nouns[input.kind].one}.`);
    return {
      success: true,
      message: input.id ? 'Saved.' : `The ${nouns[input.kind].one} was created.`,
      id,
    };
  });

  handle(app, 'deleteSkillItem', async ({ db, input }) => {
    const result = await db.deleteFrom('skill_items').where('id', '=', input.id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0)
      throw notFound('Nothing to delete: it no longer exists.');
    return { success: true, message: 'Deleted.' };
  });

  handle(app, 'skillItemAttempts', async ({ db, input }) => {
    const rows = await listAttempts(db, input.item_id);
    return {
      success: true,
      attempts: rows.map((r) => ({ ...r, started_at: formatTimestamp(r.started_at) })),
    };
  });

  handle(app, 'listSpeakingQuestions', async ({ db }) => {
    const rows = await listQuestionsForAdmin(db);
    return {
      success: true,
      questions: rows.map((q) => ({
        id: q.id,
        question_text: q.question_text,
        start_time: formatTimestamp(q.start_time),
        end_time: formatTimestamp(q.end_time),
        answers_count: Number(q.answers_count ?? 0),
      })),
    };
  });

  handle(app, 'saveSpeakingQuestion', async ({ db, now, input, caller }) => {
    const at = now();
    const values = {
      question_text: input.question_text,
      start_time: input.start_time,
      end_time: input.end_time,
      updated_at: at,
    };
    if (input.id === undefined) {
      const row = await db
        .insertInto('speaking_questions')
        .values({ ...values, created_at: at, created_by: caller.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { success: true, message: 'The question was created.', id: row.id };
    }
    const result = await db
      .updateTable('speaking_questions')
      .set(values)
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound('No such question.');
    return { success: true, message: 'Saved.', id: input.id };
  });

  handle(app, 'deleteSpeakingQuestion', async ({ db, input }) => {
    const result = await db
      .deleteFrom('speaking_questions')
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0)
      throw notFound('Nothing to delete: it no longer exists.');
    return { success: true, message: 'Deleted.' };
  });
}
