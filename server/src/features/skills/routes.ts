import type { SkillKind } from '@academy/contract';
import type { FastifyInstance } from 'fastify';
import { formatTimestamp } from '../../db/time.js';
import { removeStoredBytes } from '../../files/files-data.js';
import { checkRecordingLength } from '../../files/recordings.js';
import { type AppDeps, handle } from '../../http/call.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { listAnswerCards } from '../flashcards/flashcards-data.js';
import { nouns, windowOf, windowState } from './skill-window.js';
import {
  audienceOf,
  createQuestion,
  deleteItem,
  deleteQuestion,
  findActiveQuestion,
  findAnswer,
  findOwnAnswer,
  findQuestion,
  findVisibleItem,
  hasAnswered,
  listAnswers,
  listAttempts,
  listCurrentItems,
  listItemsForAdmin,
  listQuestionsForAdmin,
  listRepliesOf,
  recordAnswerFile,
  recordAttempt,
  type StudentItemRow,
  saveItem,
  saveReply,
  unknownStudents,
  updateQuestion,
} from './skills-data.js';

const WINDOW_BACKWARDS = 'The end time must be after the start time.';

/** The link to open: a signed link to the item's uploaded file, or its external link. */
function fileUrlOf(
  deps: AppDeps,
  item: { file_id: number | null; link_url: string | null },
  userId: number,
): string | null {
  if (item.file_id !== null) return deps.fileUrl(item.file_id, userId);
  return item.link_url;
}

function toStudentItem(deps: AppDeps, row: StudentItemRow, now: number, userId: number) {
  const isOpen = windowState(row.access_start, row.access_end, now) === 'open';
  const hasStarted = row.started_at !== null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    access_start: formatTimestamp(row.access_start),
    access_end: formatTimestamp(row.access_end),
    // The file is the exam paper: it is handed out by the start call, which records the
    // start, and only then listed (so a closed tab can be opened again while the item is open).
    file_url: isOpen && hasStarted ? fileUrlOf(deps, row, userId) : null,
    attempted: hasStarted ? (1 as const) : (0 as const),
    is_open: isOpen ? (1 as const) : (0 as const),
  };
}

/** A recording's measured length in whole seconds; null for one stored before it was measured. */
function secondsOf(durationMs: number | string | null): number | null {
  return durationMs === null ? null : Math.round(Number(durationMs) / 1000);
}

/** A reply as the answers list and the student's screens show it; null before there is one. */
function replyOf(
  deps: AppDeps,
  answer: {
    reply_text: string | null;
    reply_file_id: number | null;
    reply_duration_ms: number | string | null;
    replied_at: number | null;
  },
  userId: number,
) {
  if (answer.replied_at === null) return null;
  return {
    reply_text: answer.reply_text ?? '',
    reply_audio_url:
      answer.reply_file_id === null ? null : deps.fileUrl(answer.reply_file_id, userId),
    reply_audio_seconds: answer.reply_file_id === null ? null : secondsOf(answer.reply_duration_ms),
    replied_at: formatTimestamp(answer.replied_at),
  };
}

async function currentItems(deps: AppDeps, kind: SkillKind, userId: number) {
  const now = deps.now();
  const rows = await listCurrentItems(deps.db, kind, userId, now);
  return rows.map((row) => toStudentItem(deps, row, now, userId));
}

/**
 * Starts an item for a student: it must be theirs, open now, and not started before. The
 * spec's reading, listening and story calls name no item: the first current one is meant.
 */
async function startItem(
  ctx: AppDeps,
  student: number,
  kind: SkillKind,
  itemId: number | undefined,
) {
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
        answer_seconds: question.answer_seconds,
      },
      message: 'Question found.',
    };
  });

  handle(app, 'getSpeakingQuestionStatus', async ({ db, input, caller, fileUrl }) => {
    if (!(await findQuestion(db, input.question_id))) throw notFound('No active question found.');
    const answer = await findOwnAnswer(db, input.question_id, input.user_id);
    return {
      success: true,
      status: answer ? 'answered' : 'not_answered',
      message: answer ? 'You have already answered this question.' : 'Not answered yet.',
      // The links are signed for whoever asks: the student, or an admin acting for them.
      answer: answer
        ? {
            file_url: fileUrl(answer.file_id, caller.id),
            duration_seconds: secondsOf(answer.duration_ms),
          }
        : null,
      reply: answer ? replyOf(app.deps, answer, caller.id) : null,
    };
  });

  handle(app, 'speakingReplies', async ({ db, input, caller, fileUrl }) => {
    const rows = await listRepliesOf(db, input.user_id);
    return {
      success: true,
      replies: rows.flatMap((row) => {
        const reply = replyOf(app.deps, row, caller.id);
        return reply
          ? [
              {
                ...reply,
                answer_id: row.id,
                question_text: row.question_text,
                answered_at: formatTimestamp(row.created_at),
                answer_url: fileUrl(row.file_id, caller.id),
                answer_seconds: secondsOf(row.duration_ms),
              },
            ]
          : [];
      }),
    };
  });

  // The admin side.
  handle(app, 'listSkillItems', async ({ db, input, caller }) => {
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
        file_url: fileUrlOf(app.deps, row, caller.id),
        student_ids: (audience.get(row.id) ?? []).map((s) => s.id),
        students: audience.get(row.id) ?? [],
        attempts_count: Number(row.attempts_count ?? 0),
      })),
    };
  });

  /**
   * An item opens an uploaded file or a link: a new file replaces whatever was there, a link
   * replaces a file, and an edit with neither keeps what the item had.
   */
  handle(
    app,
    'saveSkillItem',
    async ({ db, storage, settings, now, input, caller, uploads, affects }) => {
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
      if (strangers.length > 0)
        throw badRequest(`These are not students: ${strangers.join(', ')}.`);

      const saved = await saveItem(
        db,
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
        now(),
      );
      if (saved === null) throw notFound(`No such ${noun}.`);
      // The file the item no longer opens: its row went with the change, its bytes go now.
      await removeStoredBytes(storage, saved.unusedKeys);
      return {
        success: true,
        message: input.id ? 'Saved.' : `The ${noun} was created.`,
        id: saved.id,
      };
    },
  );

  handle(app, 'deleteSkillItem', async ({ db, storage, input, affects }) => {
    // Every student's pages may show it (or have shown it): they refetch if they do.
    affects({ students: true, admins: true });
    const unusedKeys = await deleteItem(db, input.id);
    if (unusedKeys === null) throw notFound('Nothing to delete: it no longer exists.');
    await removeStoredBytes(storage, unusedKeys);
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
        answer_seconds: q.answer_seconds,
        answers_count: Number(q.answers_count ?? 0),
      })),
    };
  });

  handle(app, 'saveSpeakingQuestion', async ({ db, settings, now, input, caller, affects }) => {
    // Every student's pages may show it (or have shown it): they refetch if they do.
    affects({ students: true, admins: true });
    const window = windowOf(input.start_time, input.end_time, settings.current.timeZone);
    if (!window) throw badRequest(WINDOW_BACKWARDS);
    const question = {
      question_text: input.question_text,
      start_time: window.start,
      end_time: window.end,
      answer_seconds: input.answer_seconds,
    };
    if (input.id === undefined) {
      const id = await createQuestion(db, question, caller.id, now());
      return { success: true, message: 'The question was created.', id };
    }
    if (!(await updateQuestion(db, input.id, question, now()))) throw notFound('No such question.');
    return { success: true, message: 'Saved.', id: input.id };
  });

  handle(app, 'deleteSpeakingQuestion', async ({ db, storage, input, affects }) => {
    // Every student's pages may show it (or have shown it): they refetch if they do.
    affects({ students: true, admins: true });
    const unusedKeys = await deleteQuestion(db, input.id);
    if (unusedKeys === null) throw notFound('Nothing to delete: it no longer exists.');
    await removeStoredBytes(storage, unusedKeys);
    return { success: true, message: 'Deleted.' };
  });

  handle(app, 'speakingAnswers', async ({ db, input, caller, fileUrl }) => {
    const rows = await listAnswers(db, input.question_id);
    // The cards a teacher made from each answer, listed under it (issue 27, point 18).
    const cards = await listAnswerCards(
      db,
      rows.map((a) => a.id),
    );
    return {
      success: true,
      answers: rows.map((a) => ({
        id: a.id,
        user_id: a.user_id,
        user_name: a.user_name,
        created_at: formatTimestamp(a.created_at),
        file_name: a.file_name,
        file_url: fileUrl(a.file_id, caller.id),
        duration_seconds: secondsOf(a.duration_ms),
        reply: replyOf(app.deps, a, caller.id),
        cards: cards
          .filter((card) => card.speaking_answer_id === a.id)
          .map(({ id, front_text, back_text }) => ({ id, front_text, back_text })),
      })),
    };
  });

  /**
   * The administrator's reply to an answer: text, a recording, or both. Sent again, it
   * replaces the text, and the recording when a new one comes or remove_audio is 1.
   */
  handle(app, 'replySpeakingAnswer', async (ctx) => {
    const { db, storage, now, input, caller, uploads, affects } = ctx;
    const [recording] = uploads;
    const answer = await findAnswer(db, input.answer_id);
    if (!answer) throw notFound('This answer no longer exists.');
    const keepsAudio = answer.reply_file_id !== null && input.remove_audio !== '1';
    if (!input.reply_text && !recording && !keepsAudio)
      throw badRequest('Please write a reply or record one.');
    affects({ users: [answer.user_id], admins: true });
    const unusedKeys = await saveReply(
      db,
      {
        answer,
        text: input.reply_text,
        recording,
        removeAudio: input.remove_audio === '1',
        adminId: caller.id,
      },
      now(),
    );
    if (unusedKeys === null) throw notFound('This answer no longer exists.');
    await removeStoredBytes(storage, unusedKeys);
    return { success: true, message: 'Your reply was sent.' };
  });

  /**
   * One answer per student, while the question is open; the recording is checked to be sound
   * only, and no longer than the question's limit.
   */
  handle(app, 'sendSpeakingAnswer', async ({ db, now, input, caller, uploads }) => {
    const [recording] = uploads;
    if (!recording) throw badRequest('Please select a file.');
    const question = await findQuestion(db, input.question_id);
    if (!question) throw notFound('No active question found.');
    const at = now();
    if (windowState(question.start_time, question.end_time, at) !== 'open') {
      throw forbidden('This question is not open for answers now.');
    }
    if (await hasAnswered(db, question.id, input.user_id))
      throw conflict('You have already answered this question.');
    // Measured as it arrived (files/recordings.ts); the question sets how long it may be.
    if (recording.seconds !== undefined)
      checkRecordingLength(recording.seconds, question.answer_seconds);
    try {
      const answer = { questionId: question.id, userId: input.user_id, recording };
      await recordAnswerFile(db, { ...answer, uploadedBy: caller.id }, at);
    } catch (error) {
      // Two answers at once: the unique index lets one through.
      if (await hasAnswered(db, question.id, input.user_id))
        throw conflict('You have already answered this question.');
      throw error;
    }
    return { success: true, message: 'File uploaded successfully.' };
  });
}
