import type { SkillKind, skillSchemas } from '@academy/contract';
import type { FastifyInstance } from 'fastify';
import { formatTimestamp } from '../../db/time.js';
import { type CallContext, handle } from '../../http/call.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { adminItemOf, fileUrlOf, studentItemOf } from './presenters.js';
import { removeSkillItem, saveSkillItem } from './skill-commands.js';
import { nouns, WINDOW_BACKWARDS, windowOf, windowState } from './skill-window.js';
import {
  audienceOf,
  findVisibleItem,
  listAttempts,
  listCurrentItems,
  listItemsForAdmin,
  recordAttempt,
  unknownStudents,
} from './skills-data.js';

/** What the student side's helpers use of a handler's context. */
type Ctx = Pick<CallContext<keyof typeof skillSchemas>, 'db' | 'now' | 'fileUrl'>;

/** The student's current items of a kind, as they see them now. */
async function currentItems(ctx: Ctx, kind: SkillKind, userId: number) {
  const now = ctx.now();
  const rows = await listCurrentItems(ctx.db, kind, userId, now);
  return rows.map((row) => studentItemOf(ctx, row, now, userId));
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
    const [exam] = await currentItems(ctx, 'exam', ctx.input.user_id);
    return exam
      ? { success: true, exam, message: 'Exam found.' }
      : { success: false, exam: null, message: 'No exam found.' };
  });
  handle(app, 'getReading', async (ctx) => {
    const readings = await currentItems(ctx, 'reading', ctx.input.user_id);
    return {
      success: readings.length > 0,
      readings,
      message: readings.length ? 'Readings found.' : 'No readings found.',
    };
  });
  handle(app, 'getListening', async (ctx) => {
    const listenings = await currentItems(ctx, 'listening', ctx.input.user_id);
    return {
      success: listenings.length > 0,
      listenings,
      message: listenings.length ? 'Listenings found.' : 'No listenings found.',
    };
  });
  handle(app, 'getStory', async (ctx) => {
    const stories = await currentItems(ctx, 'story', ctx.input.user_id);
    return {
      success: stories.length > 0,
      stories,
      message: stories.length ? 'Stories found.' : 'No stories found.',
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

  // The admin side.
  handle(app, 'listSkillItems', async (ctx) => {
    const rows = await listItemsForAdmin(ctx.db, ctx.input.kind);
    const audience = await audienceOf(
      ctx.db,
      rows.filter((r) => r.for_all_students === 0).map((r) => r.id),
    );
    return {
      success: true,
      items: rows.map((row) => adminItemOf(ctx, row, audience.get(row.id) ?? [], ctx.caller.id)),
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
      },
      caller.id,
    );
    if (id === null) throw notFound(`No such ${noun}.`);
    return { success: true, message: input.id ? 'Saved.' : `The ${noun} was created.`, id };
  });

  handle(app, 'deleteSkillItem', async (ctx) => {
    // Every student's pages may show it (or have shown it): they refetch if they do.
    ctx.affects({ students: true, admins: true });
    if (!(await removeSkillItem(ctx, ctx.input.id)))
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
}
