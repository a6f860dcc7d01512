import type { SkillKind, skillSchemas } from '@academy/contract';
import { readOutOf } from '@academy/contract/marks';
import type { FastifyInstance } from 'fastify';
import { withinOf } from '../../auth/reach.js';
import { formatTimestamp } from '../../db/time.js';
import { WINDOW_BACKWARDS, windowOf, windowState } from '../../domain/windows.js';
import { type CallContext, handle } from '../../http/call.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { adminItemOf, fileUrlOf, nouns, studentItemOf } from './presenters.js';
import { removeSkillItem, saveSkillItem } from './skill-commands.js';
import {
  audienceOf,
  findVisibleItem,
  listAttempts,
  listCurrentItems,
  listItemsForAdmin,
  listPastMarks,
  markAttempt,
  recordAttempt,
  unknownStudents,
} from './skills-data.js';

/** What the student side's helpers use of a handler's context. */
type Ctx = Pick<CallContext<keyof typeof skillSchemas>, 'db' | 'now' | 'fileUrl'>;

/**
 * The student's current items of a kind, as they see them now, and their marks on the ones
 * that have ended (issue 30).
 */
async function currentItems(ctx: Ctx, kind: SkillKind, userId: number) {
  const now = ctx.now();
  const [rows, pastMarks] = await Promise.all([
    listCurrentItems(ctx.db, kind, userId, now),
    listPastMarks(ctx.db, kind, userId, now),
  ]);
  return {
    items: rows.map((row) => studentItemOf(ctx, row, now, userId)),
    // Only when there are some: the spec's answer stays its own shape until a mark is given.
    marks: pastMarks.length > 0 ? { past_marks: pastMarks } : {},
  };
}

/**
 * Starts an item for a student: it must be theirs, open now, and not started before. The
 * spec's reading, listening and story calls name no item: the first current one is meant.
 */
async function startItem(ctx: Ctx, student: number, kind: SkillKind, itemId: number | undefined) {
  const now = ctx.now();
  const noun = nouns[kind].one;
  const id = itemId ?? (await listCurrentItems(ctx.db, kind, student, now))[0]?.id;
  const item = id === undefined ? undefined : await findVisibleItem(ctx.db, kind, student, id);
  if (!item) throw notFound(`No ${noun} found.`);
  const state = windowState(item.access_start, item.access_end, now);
  if (state === 'upcoming') throw forbidden(`This ${noun} has not opened yet.`);
  if (state === 'closed') throw forbidden(`This ${noun} has closed.`);
  if (!(await recordAttempt(ctx.db, item.id, student, now))) {
    throw conflict(`You have already started this ${noun}.`);
  }
  return {
    success: true as const,
    message: `Your ${noun} has started.`,
    file_url: fileUrlOf(ctx, item, student),
  };
}

export default async function skillRoutes(app: FastifyInstance) {
  // The student side.
  handle(app, 'getExam', async (ctx) => {
    const { items, marks } = await currentItems(ctx, 'exam', ctx.input.user_id);
    const [exam] = items;
    return exam
      ? { success: true, exam, message: 'Exam found.', ...marks }
      : { success: false, exam: null, message: 'No exam found.', ...marks };
  });
  handle(app, 'getReading', async (ctx) => {
    const { items: readings, marks } = await currentItems(ctx, 'reading', ctx.input.user_id);
    return {
      success: readings.length > 0,
      readings,
      message: readings.length ? 'Readings found.' : 'No readings found.',
      ...marks,
    };
  });
  handle(app, 'getListening', async (ctx) => {
    const { items: listenings, marks } = await currentItems(ctx, 'listening', ctx.input.user_id);
    return {
      success: listenings.length > 0,
      listenings,
      message: listenings.length ? 'Listenings found.' : 'No listenings found.',
      ...marks,
    };
  });
  handle(app, 'getStory', async (ctx) => {
    const { items: stories, marks } = await currentItems(ctx, 'story', ctx.input.user_id);
    return {
      success: stories.length > 0,
      stories,
      message: stories.length ? 'Stories found.' : 'No stories found.',
      ...marks,
    };
  });

  handle(app, 'updateAttempted', (ctx) =>
    startItem(ctx, ctx.input.user_id, 'exam', ctx.input.exam_id),
  );
  handle(app, 'updateReadingAttempted', (ctx) =>
    startItem(ctx, ctx.input.user_id, 'reading', ctx.input.item_id),
  );
  handle(app, 'updateListeningAttempted', (ctx) =>
    startItem(ctx, ctx.input.user_id, 'listening', ctx.input.item_id),
  );
  handle(app, 'updateStoryAttempted', (ctx) =>
    startItem(ctx, ctx.input.user_id, 'story', ctx.input.item_id),
  );

  // The admin side; a teacher lists and marks their students' attempts (issue 30).
  handle(app, 'listSkillItems', async (ctx) => {
    const within = withinOf(ctx.caller);
    const rows = await listItemsForAdmin(ctx.db, ctx.input.kind, within);
    const audience = await audienceOf(
      ctx.db,
      rows.filter((r) => r.for_all_students === 0).map((r) => r.id),
      within,
    );
    return {
      success: true,
      items: rows.map((row) => adminItemOf(ctx, row, audience.get(row.id) ?? [], ctx.caller)),
    };
  });

  /**
   * An item opens an uploaded file or a link: a new file replaces whatever was there, a link
   * replaces a file, and an edit with neither keeps what the item had.
   */
  handle(app, 'saveSkillItem', async (ctx) => {
    const { db, settings, input, caller, uploads, affects } = ctx;
    // Every student's pages may show it (or have shown it): they refetch if they do.
    affects({ students: true, admins: true });
    const noun = nouns[input.kind].one;
    const window = windowOf(input.access_start, input.access_end, settings.current.timeZone);
    if (!window) throw badRequest(WINDOW_BACKWARDS);
    // Absent or empty: 100 for a new item, what it had for an edit.
    const outOf = input.mark_out_of?.trim() ? readOutOf(input.mark_out_of) : undefined;
    if (outOf && 'problem' in outOf) throw badRequest(outOf.problem);
    const linkUrl = input.link_url ? input.link_url : null;
    // An item always opens a file or a link, so only a new one can lack both; whether an
    // edited one exists is answered by saveItem, inside its transaction.
    if (input.id === undefined && uploads.length === 0 && !linkUrl)
      throw badRequest('Please upload a file or add a link.');
    const strangers = await unknownStudents(db, input.student_ids);
    if (strangers.length > 0) throw badRequest(`These are not students: ${strangers.join(', ')}.`);

    const id = await saveSkillItem(
      ctx,
      input.id,
      {
        kind: input.kind,
        title: input.title,
        description: input.description,
        accessStart: window.start,
        accessEnd: window.end,
        upload: uploads[0],
        linkUrl,
        studentIds: input.student_ids,
        markOutOf: outOf?.outOf,
      },
      caller.id,
    );
    if (id === null) throw notFound(`No such ${noun}.`);
    if (typeof id === 'object')
      throw badRequest(
        `This ${noun} has marks out of ${id.outOf} already: take them away before changing what it is marked out of.`,
      );
    return { success: true, message: input.id ? 'Saved.' : `The ${noun} was created.`, id };
  });

  handle(app, 'deleteSkillItem', async (ctx) => {
    // Every student's pages may show it (or have shown it): they refetch if they do.
    ctx.affects({ students: true, admins: true });
    if (!(await removeSkillItem(ctx, ctx.input.id)))
      throw notFound('Nothing to delete: it no longer exists.');
    return { success: true, message: 'Deleted.' };
  });

  handle(app, 'skillItemAttempts', async ({ db, input, caller }) => {
    const rows = await listAttempts(db, input.item_id, withinOf(caller));
    return {
      success: true,
      attempts: rows.map((r) => ({
        ...r,
        started_at: formatTimestamp(r.started_at),
        marked_at: r.marked_at === null ? null : formatTimestamp(r.marked_at),
      })),
    };
  });

  handle(app, 'markSkillAttempt', async ({ db, input, now, tell }) => {
    const outcome = await markAttempt(db, input.item_id, input.user_id, input.mark, now(), tell);
    if ('refused' in outcome) {
      if (outcome.refused === 'not-a-mark') throw badRequest(outcome.problem);
      throw notFound('There is nothing to mark: this student has not started it.');
    }
    return {
      success: true,
      message: outcome.marked ? 'The mark was saved.' : 'The mark was taken away.',
      mark: outcome.marked,
    };
  });
}
