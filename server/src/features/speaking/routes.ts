import { countRecipientChoices, type RecipientChoice } from '@academy/contract';
import type { FastifyInstance } from 'fastify';
import { withinOf } from '../../auth/reach.js';
import type { Db } from '../../db/index.js';
import { markOfInput } from '../../domain/marks.js';
import { resolveRecipients } from '../../domain/recipients.js';
import { WINDOW_BACKWARDS, windowOf, windowState } from '../../domain/windows.js';
import { checkRecordingLength } from '../../files/recordings.js';
import { handle } from '../../http/call.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { listAnswerCards } from '../flashcards/flashcards-data.js';
import {
  adminQuestionOf,
  answerOf,
  questionOf,
  recordingOf,
  repliedAnswerOf,
  replyOf,
} from './presenters.js';
import { removeSpeakingQuestion, replyToAnswer } from './speaking-commands.js';
import {
  createQuestion,
  findActiveQuestion,
  findAnswer,
  findOwnAnswer,
  findQuestion,
  hasAnswered,
  listAnswers,
  listOpenQuestions,
  listQuestionsForAdmin,
  listRepliesOf,
  type QuestionAudience,
  questionIsOpenTo,
  recordAnswerFile,
  updateQuestion,
} from './speaking-data.js';

/** A question for every student. */
const EVERYONE: QuestionAudience = { words: 'Everyone', userIds: null };

/** Who a question's payload chose, as the students it is open to and the words for them. */
async function audienceOf(db: Db, choice: RecipientChoice): Promise<QuestionAudience> {
  const { userIds, words } = await resolveRecipients(db, choice, 'Please select a student.');
  return { words, userIds };
}

/** Speaking questions, the students' spoken answers and the administrator's replies. */
export default async function speakingRoutes(app: FastifyInstance) {
  // The student side.
  handle(app, 'getSpeakingQuestion', async ({ db, now, input }) => {
    const question = await findActiveQuestion(db, now(), input.user_id);
    if (!question)
      return { success: false, data: null, message: 'No active question available at this time.' };
    return { success: true, data: questionOf(question), message: 'Question found.' };
  });

  /** New (issue 29, point 5): every question open to the student now, answered or not. */
  handle(app, 'getOpenSpeakingQuestions', async ({ db, now, input }) => {
    const rows = await listOpenQuestions(db, now(), input.user_id);
    return {
      success: true,
      questions: rows.map(({ answered, ...row }) => ({
        ...questionOf(row),
        answered: Boolean(answered),
      })),
    };
  });

  handle(app, 'getSpeakingQuestionStatus', async (ctx) => {
    const { db, input } = ctx;
    if (!(await findQuestion(db, input.question_id))) throw notFound('No active question found.');
    const answer = await findOwnAnswer(db, input.question_id, input.user_id);
    return {
      success: true,
      status: answer ? 'answered' : 'not_answered',
      message: answer ? 'You have already answered this question.' : 'Not answered yet.',
      answer: answer ? recordingOf(ctx, answer) : null,
      reply: answer ? replyOf(ctx, answer) : null,
    };
  });

  handle(app, 'speakingReplies', async (ctx) => {
    const rows = await listRepliesOf(ctx.db, ctx.input.user_id);
    return {
      success: true,
      replies: rows.flatMap((row) => repliedAnswerOf(ctx, row) ?? []),
    };
  });

  /**
   * One answer per student, while the question is open; the recording is checked to be sound
   * only, and no longer than the question's limit.
   */
  handle(app, 'sendSpeakingAnswer', async ({ db, now, input, caller, uploads }) => {
    const [recording] = uploads;
    if (!recording) throw badRequest('Please select a file.');
    const question = await findQuestion(db, input.question_id);
    // A question for others is, to this student, no question at all.
    if (!question || !(await questionIsOpenTo(db, question.id, input.user_id)))
      throw notFound('No active question found.');
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

  // The admin side.
  handle(app, 'listSpeakingQuestions', async ({ db, caller }) => {
    const rows = await listQuestionsForAdmin(db, withinOf(caller));
    return { success: true, questions: rows.map(adminQuestionOf) };
  });

  /**
   * A question for everyone (an administrator's, the default), a class, chosen students or one
   * (issue 29, point 5). A teacher must choose among their classes' students: the pipeline
   * has checked what they named; naming no one would mean everyone, which is not theirs.
   */
  handle(app, 'saveSpeakingQuestion', async ({ db, settings, now, input, caller, affects }) => {
    // Every student's pages may show it (or have shown it): they refetch if they do.
    affects({ students: true, admins: true });
    const window = windowOf(input.start_time, input.end_time, settings.current.timeZone);
    if (!window) throw badRequest(WINDOW_BACKWARDS);
    const chosen = countRecipientChoices(input) > 0;
    if (!chosen && caller.isTeacher && input.id === undefined)
      throw forbidden(
        'Please choose your class or your students: only administrators ask everyone.',
      );
    const audience = chosen ? await audienceOf(db, input) : null;
    const question = {
      question_text: input.question_text,
      start_time: window.start,
      end_time: window.end,
      answer_seconds: input.answer_seconds,
    };
    if (input.id === undefined) {
      const id = await createQuestion(db, question, audience ?? EVERYONE, caller.id, now());
      return {
        success: true,
        message: `The question was created for ${audience?.words ?? 'everyone'}.`,
        id,
      };
    }
    if (!(await updateQuestion(db, input.id, question, audience, now())))
      throw notFound('No such question.');
    return { success: true, message: 'Saved.', id: input.id };
  });

  handle(app, 'deleteSpeakingQuestion', async (ctx) => {
    // Every student's pages may show it (or have shown it): they refetch if they do.
    ctx.affects({ students: true, admins: true });
    if (!(await removeSpeakingQuestion(ctx, ctx.input.id)))
      throw notFound('Nothing to delete: it no longer exists.');
    return { success: true, message: 'Deleted.' };
  });

  handle(app, 'speakingAnswers', async (ctx) => {
    const rows = await listAnswers(ctx.db, ctx.input.question_id, withinOf(ctx.caller));
    // The cards a teacher made from each answer, listed under it (issue 27, point 18).
    const cards = await listAnswerCards(
      ctx.db,
      rows.map((a) => a.id),
    );
    const cardsOf = (answerId: number) =>
      cards
        .filter((card) => card.speaking_answer_id === answerId)
        .map(({ id, front_text, back_text }) => ({ id, front_text, back_text }));
    return { success: true, answers: rows.map((a) => answerOf(ctx, a, cardsOf(a.id))) };
  });

  /**
   * The administrator's reply to an answer: text, a recording, or both. Sent again, it
   * replaces the text, and the recording when a new one comes or remove_audio is 1.
   */
  handle(app, 'replySpeakingAnswer', async (ctx) => {
    const { db, input, caller, uploads, affects } = ctx;
    const [recording] = uploads;
    const answer = await findAnswer(db, input.answer_id);
    if (!answer) throw notFound('This answer no longer exists.');
    const mark = markOfInput(input);
    const keepsAudio = answer.reply_file_id !== null && input.remove_audio !== '1';
    if (!input.reply_text && !recording && !keepsAudio)
      throw badRequest('Please write a reply or record one.');
    affects({ users: [answer.user_id], admins: true });
    const replied = await replyToAnswer(ctx, {
      answer,
      text: input.reply_text,
      recording,
      removeAudio: input.remove_audio === '1',
      adminId: caller.id,
      mark,
    });
    if (!replied) throw notFound('This answer no longer exists.');
    return { success: true, message: 'Your reply was sent.' };
  });
}
