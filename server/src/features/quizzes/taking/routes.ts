import type { quizSchemas } from '@academy/contract';
import { readMark } from '@academy/contract/marks';
import { type CountsRule, countingMark } from '@academy/contract/quizzes/attempts';
import type { CefrLevel, ItemSkill, ItemType } from '@academy/contract/quizzes/items';
import { reviewShows } from '@academy/contract/quizzes/review';
import type { FastifyInstance } from 'fastify';
import { withinOf } from '../../../auth/reach.js';
import { resolveRecipients } from '../../../domain/recipients.js';
import { quoted } from '../../../domain/tell.js';
import { WINDOW_BACKWARDS, windowOf, windowState } from '../../../domain/windows.js';
import { checkRecordingLength } from '../../../files/recordings.js';
import { type CallContext, handle } from '../../../http/call.js';
import { badRequest, conflict, forbidden, notFound } from '../../../http/errors.js';
import { cardsByText, makeAttemptCards, makesCardsNow } from '../mistakes/cards-data.js';
import { mistakeItems } from '../mistakes/practice-data.js';
import {
  type AttemptRow,
  attemptItems,
  attemptItemsWithKeys,
  attemptsAtQuiz,
  bodiesByPosition,
  closeAttempt,
  closeIfOverdue,
  closeOverdueOf,
  countPlay,
  findAttempt,
  findAttemptPassage,
  isOpen,
  isOwnRecording,
  markSpokenAnswer,
  quizIsFor,
  saveAnswers,
  saveRecordingAnswer,
  startAttempt,
  studentQuizzes,
} from './attempts-data.js';
import { readLayout } from './layout.js';
import { NO_ATTEMPT, ownAttempt, ownAttemptAndQuiz } from './own-attempt.js';
import {
  bandsOf,
  closedByOf,
  minutesOf,
  reviewItemOf,
  reviewOf,
  staffItemOf,
  studentItemOf,
  timestamp,
} from './presenters.js';
import {
  countDrawable,
  createQuiz,
  deleteQuiz,
  findQuiz,
  hasAttempts,
  listParts,
  listQuizzes,
  partProblems,
  type QuizSettings,
  recipientIds,
  sendQuiz,
  updateQuiz,
} from './quizzes-data.js';
import { responseProblem } from './response-check.js';
import { NO_QUIZ, staffQuiz } from './staff-quiz.js';

type Ctx<K extends keyof typeof quizSchemas> = CallContext<K>;

/** The words of a refusal at the time limit: nothing is lost, and the quiz is marked. */
export const TIME_UP = 'Time is up: your answers were saved up to the end and the quiz was marked.';
const SUBMITTED = 'This attempt has been submitted: its answers can no longer change.';

/** The settings a save names, as stored; or what is wrong with them in words. */
function settingsOf(ctx: Ctx<'saveQuiz'>): QuizSettings {
  const { input } = ctx;
  const window = windowOf(input.access_start, input.access_end, ctx.settings.current.timeZone);
  if (!window) throw badRequest(WINDOW_BACKWARDS);
  return {
    title: input.title,
    description: input.description,
    tag: input.tag,
    kind: input.kind,
    accessStart: window.start,
    accessEnd: window.end,
    timeLimitSeconds: input.time_limit_minutes === null ? null : input.time_limit_minutes * 60,
    attemptsAllowed: input.attempts_allowed,
    counts: input.counts,
    shuffleItems: input.shuffle_items,
    shuffleOptions: input.shuffle_options,
    onePerPage: input.one_per_page,
    review: input.review,
    cards: input.cards,
    outOf: input.out_of,
    bands: input.kind === 'placement' ? input.bands : null,
  };
}

/**
 * A quiz set to 'make' makes an attempt's mistake cards once its review shows the right
 * answers: here at the close (a review 'at once') or at the first review that shows them; the
 * quiz closer makes the rest (quiz-closer.ts). Once per attempt (cards-data.ts).
 */
async function cardsAtReview(
  ctx: Pick<Ctx<'quizReview'>, 'db' | 'now' | 'today' | 'live'>,
  attempt: Pick<AttemptRow, 'id' | 'user_id' | 'quiz_id' | 'cards_made_at'>,
) {
  if (attempt.cards_made_at !== null) return;
  const quiz = await findQuiz(ctx.db, attempt.quiz_id);
  const now = ctx.now();
  if (!quiz || !makesCardsNow(quiz, now)) return;
  const made = await makeAttemptCards(ctx.db, attempt, { today: ctx.today(), now });
  if (made > 0) await ctx.live.publish('cards', { users: [attempt.user_id], admins: true });
}

const markOf = (hundredths: number | null, outOf: number) =>
  hundredths === null ? null : { hundredths, out_of: outOf };

export default async function quizRoutes(app: FastifyInstance) {
  // ------------------------------------------------------------------------------------------
  // Staff: build, send, delete.

  handle(app, 'listQuizzes', async ({ db, caller }) => {
    const rows = await listQuizzes(db, withinOf(caller));
    return {
      success: true,
      quizzes: rows.map((r) => ({
        id: r.id,
        title: r.title,
        tag: r.tag,
        kind: r.kind as 'quiz' | 'placement' | 'practice',
        access_start: timestamp(r.access_start),
        access_end: timestamp(r.access_end),
        time_limit_minutes: minutesOf(r.time_limit_seconds),
        attempts_allowed: r.attempts_allowed,
        recipients: r.recipients,
        sent: r.sent,
        started: r.started,
        submitted: r.submitted,
        can_edit: r.can_edit,
      })),
    };
  });

  handle(app, 'getQuiz', async (ctx) => {
    const { db, caller } = ctx;
    const quiz = await staffQuiz(ctx, ctx.input.id, 'sees');
    const within = withinOf(caller);
    const [summary] = await listQuizzes(db, within, quiz.id);
    const parts = await listParts(db, quiz.id);
    const fixed = parts.flatMap((p) => (p.item_id === null ? [] : [p.item_id]));
    return {
      success: true,
      quiz: {
        id: quiz.id,
        title: quiz.title,
        tag: quiz.tag,
        description: quiz.description,
        kind: quiz.kind as 'quiz' | 'placement',
        access_start: timestamp(quiz.access_start),
        access_end: timestamp(quiz.access_end),
        time_limit_minutes: minutesOf(quiz.time_limit_seconds),
        attempts_allowed: quiz.attempts_allowed,
        counts: quiz.counts as CountsRule,
        shuffle_items: quiz.shuffle_items === 1,
        shuffle_options: quiz.shuffle_options === 1,
        one_per_page: quiz.one_per_page === 1,
        review: reviewOf(quiz),
        cards: quiz.cards === 'make' ? 'make' : 'offer',
        out_of: quiz.out_of,
        bands: bandsOf(quiz),
        class_id: quiz.class_id,
        recipients: quiz.recipients,
        sent: summary?.sent ?? 0,
        started: summary?.started ?? 0,
        submitted: summary?.submitted ?? 0,
        can_edit: summary?.can_edit ?? within === undefined,
        parts_locked: await hasAttempts(db, quiz.id),
        parts: await Promise.all(
          parts.map(async (p) => {
            const draw =
              p.item_id === null
                ? {
                    count: p.draw_count ?? 0,
                    level: p.draw_level,
                    skill: p.draw_skill,
                    unit: p.draw_unit,
                  }
                : null;
            return {
              position: p.position,
              item_id: p.item_id,
              item_prompt: p.item_prompt ?? null,
              item_type: (p.item_type ?? null) as ItemType | null,
              draw: draw as {
                count: number;
                level: CefrLevel | null;
                skill: ItemSkill | null;
                unit: string | null;
              } | null,
              available: draw ? await countDrawable(db, draw, fixed) : null,
            };
          }),
        ),
      },
    };
  });

  handle(app, 'saveQuiz', async (ctx) => {
    const { db, input, caller, now, affects } = ctx;
    // The quiz first: a teacher learns nothing of a quiz that is not theirs from its parts.
    const quiz = input.id === undefined ? undefined : await staffQuiz(ctx, input.id, 'changes');
    const settings = settingsOf(ctx);
    const problems = await partProblems(db, input.parts);
    if (problems.length > 0) throw badRequest(problems.join(' '));
    if (!quiz) {
      const id = await createQuiz(db, settings, input.parts, caller.id, now());
      affects({ users: [], admins: true });
      return { success: true, message: 'The quiz was created.', id };
    }
    const outcome = await updateQuiz(db, quiz.id, settings, input.parts, now());
    if (outcome === 'gone') throw notFound(NO_QUIZ);
    if (outcome === 'locked')
      throw conflict(
        'Students have started this quiz, so its questions can no longer change (its settings can): make a new quiz for other questions.',
      );
    affects({ users: await recipientIds(db, quiz.id), admins: true });
    return { success: true, message: 'Saved.', id: quiz.id };
  });

  handle(app, 'sendQuiz', async (ctx) => {
    const { db, input, now, tell, affects } = ctx;
    const quiz = await staffQuiz(ctx, input.quiz_id, 'changes');
    if (quiz.access_end < now())
      throw conflict('This quiz has closed: change its window before sending it again.');
    const to = await resolveRecipients(db, input, 'Please select a student.');
    const added = await sendQuiz(db, quiz, to, tell);
    affects({ users: to.userIds, admins: true });
    const already = to.userIds.length - added.length;
    return {
      success: true,
      message:
        added.length === 0
          ? `${quoted(quiz.title)} had already been sent to ${to.userIds.length === 1 ? 'this student' : 'these students'}.`
          : `${quoted(quiz.title)} was sent to ${added.length === 1 ? '1 student' : `${added.length} students`}${already > 0 ? ` (${already} had it already)` : ''}.`,
    };
  });

  handle(app, 'deleteQuiz', async (ctx) => {
    const quiz = await staffQuiz(ctx, ctx.input.id, 'changes');
    const told = await recipientIds(ctx.db, quiz.id);
    if (!(await deleteQuiz(ctx.db, quiz.id)))
      throw notFound('Nothing to delete: it no longer exists.');
    ctx.affects({ users: told, admins: true });
    return { success: true, message: 'The quiz was deleted, with its attempts.' };
  });

  // ------------------------------------------------------------------------------------------
  // Students: take a quiz.

  handle(app, 'myQuizzes', async ({ db, input, now }) => {
    const at = now();
    await closeOverdueOf(db, { userId: input.user_id }, at);
    const { quizzes, attempts } = await studentQuizzes(db, input.user_id);
    return {
      success: true,
      now: timestamp(at),
      mistakes: (await mistakeItems(db, input.user_id, at)).length,
      quizzes: quizzes.map((quiz) => {
        const own = attempts.filter((a) => a.quiz_id === quiz.id);
        const review = reviewOf(quiz);
        const shows = reviewShows(review, {
          now: at,
          accessEnd: quiz.access_end,
          attemptClosed: true,
        });
        const closed = own.filter((a) => !isOpen(a));
        const used = own.length;
        return {
          id: quiz.id,
          title: quiz.title,
          description: quiz.description,
          kind: quiz.kind as 'quiz' | 'placement' | 'practice',
          state: windowState(quiz.access_start, quiz.access_end, at),
          access_start: timestamp(quiz.access_start),
          access_end: timestamp(quiz.access_end),
          time_limit_minutes: minutesOf(quiz.time_limit_seconds),
          attempts_allowed: quiz.attempts_allowed,
          attempts_used: used,
          attempts_left:
            quiz.attempts_allowed === 0 ? null : Math.max(0, quiz.attempts_allowed - used),
          open_attempt_id: own.find(isOpen)?.id ?? null,
          attempts: own.map((a) => ({
            id: a.id,
            number: a.number,
            started_at: timestamp(a.started_at),
            submitted_at: a.submitted_at === null ? null : timestamp(a.submitted_at),
            closed_by: closedByOf(a.closed_by),
            ...(!isOpen(a) && shows.score ? { mark: markOf(a.hundredths, a.out_of) } : {}),
          })),
          ...(shows.score && closed.length > 0
            ? {
                counted: markOf(
                  countingMark(closed, quiz.counts as CountsRule),
                  closed[0]?.out_of ?? quiz.out_of,
                ),
              }
            : {}),
        };
      }),
    };
  });

  handle(app, 'startQuizAttempt', async ({ db, input, now }) => {
    const at = now();
    const quiz = await findQuiz(db, input.quiz_id);
    if (!quiz || !(await quizIsFor(db, quiz, input.user_id))) throw notFound(NO_QUIZ);
    const state = windowState(quiz.access_start, quiz.access_end, at);
    if (state === 'upcoming') throw forbidden('This quiz has not opened yet.');
    if (state === 'closed') throw forbidden('This quiz has closed.');
    const outcome = await startAttempt(db, quiz, input.user_id, at);
    if ('refused' in outcome) {
      if (outcome.refused === 'no-items')
        throw conflict('This quiz has no questions yet. Please tell your teacher.');
      throw conflict('You have used all your attempts at this quiz.');
    }
    return {
      success: true,
      message: outcome.started ? 'Your attempt has started.' : 'Your attempt goes on.',
      attempt_id: outcome.attempt.id,
      started: outcome.started,
    };
  });

  handle(app, 'getQuizAttempt', async (ctx) => {
    const { attempt, quiz } = await ownAttemptAndQuiz(ctx, ctx.input.attempt_id);
    const at = ctx.now();
    const layout = readLayout(attempt.layout);
    const open = isOpen(attempt);
    const rows = open ? await attemptItems(ctx.db, attempt.id) : [];
    return {
      success: true,
      attempt: {
        id: attempt.id,
        quiz_id: quiz.id,
        title: quiz.title,
        number: attempt.number,
        state: open ? 'open' : 'closed',
        closed_by: closedByOf(attempt.closed_by),
        started_at: timestamp(attempt.started_at),
        deadline: timestamp(attempt.deadline),
        now: timestamp(at),
        one_per_page: quiz.one_per_page === 1,
        items: rows.map((row) =>
          studentItemOf(
            row,
            layout.find((e) => e.position === row.position),
          ),
        ),
      },
    };
  });

  handle(app, 'saveQuizAnswers', async (ctx) => {
    const { db, input, now } = ctx;
    const attempt = await ownAttempt(ctx, input.attempt_id);
    if (!isOpen(attempt)) throw conflict(attempt.closed_by === 'time' ? TIME_UP : SUBMITTED);
    const bodies = await bodiesByPosition(
      db,
      attempt.id,
      input.answers.map((a) => a.position),
    );
    for (const answer of input.answers) {
      const body = bodies.get(answer.position);
      if (!body) throw badRequest(`Question ${answer.position + 1} is not in this attempt.`);
      if (answer.response === null) continue;
      const problem = responseProblem(body, answer.response, answer.position);
      if (problem) throw badRequest(problem);
      if (
        answer.response.type === 'spoken' &&
        !(await isOwnRecording(db, answer.response.file, input.user_id))
      )
        throw badRequest(
          `Question ${answer.position + 1}'s recording was not found: please record it again.`,
        );
    }
    const at = now();
    const saved = input.answers.length;
    if (!(await saveAnswers(db, attempt.id, input.answers, at))) {
      // Closed between the check and the write (the deadline passed, or another device
      // submitted): nothing of this save was kept, and the attempt is marked as it stood.
      const after = await closeIfOverdue(db, (await findAttempt(db, attempt.id)) ?? attempt, at);
      throw conflict(after.closed_by === 'student' ? SUBMITTED : TIME_UP);
    }
    return {
      success: true,
      message: saved === 1 ? 'Your answer was saved.' : `${saved} answers were saved.`,
      saved,
      deadline: timestamp(attempt.deadline),
      now: timestamp(at),
    };
  });

  handle(app, 'saveQuizRecording', async (ctx) => {
    const { db, input, now, uploads } = ctx;
    const [recording] = uploads;
    if (!recording) throw badRequest('Please record your answer.');
    const attempt = await ownAttempt(ctx, input.attempt_id);
    if (!isOpen(attempt)) throw conflict(attempt.closed_by === 'time' ? TIME_UP : SUBMITTED);
    const body = (await bodiesByPosition(db, attempt.id, [input.position])).get(input.position);
    if (!body) throw badRequest(`Question ${input.position + 1} is not in this attempt.`);
    if (body.type !== 'spoken')
      throw badRequest(`Question ${input.position + 1} is not answered by a recording.`);
    // Measured as it arrived (files/recordings.ts); the item sets how long it may be.
    if (recording.seconds !== undefined) checkRecordingLength(recording.seconds, body.max_seconds);
    const at = now();
    if (
      !(await saveRecordingAnswer(db, attempt.id, input.position, recording, input.user_id, at))
    ) {
      const after = await closeIfOverdue(db, (await findAttempt(db, attempt.id)) ?? attempt, at);
      throw conflict(after.closed_by === 'student' ? SUBMITTED : TIME_UP);
    }
    return {
      success: true,
      message: 'Your recording was saved.',
      saved: 1,
      deadline: timestamp(attempt.deadline),
      now: timestamp(at),
    };
  });

  handle(app, 'playQuizRecording', async (ctx) => {
    const { db, input, fileUrl } = ctx;
    const attempt = await ownAttempt(ctx, input.attempt_id);
    if (!isOpen(attempt)) throw conflict(attempt.closed_by === 'time' ? TIME_UP : SUBMITTED);
    const passage = await findAttemptPassage(db, attempt.id, input.passage_id);
    if (passage?.kind !== 'recording' || passage.file_id === null)
      throw notFound('No such recording in this quiz.');
    const plays = await countPlay(db, attempt.id, passage.id, passage.play_limit);
    if (plays === null)
      throw conflict(
        `You have played this recording ${passage.play_limit === 1 ? 'once, as many times as allowed' : `${passage.play_limit} times, as many as allowed`}.`,
      );
    const left = passage.play_limit > 0 ? passage.play_limit - plays : null;
    return {
      success: true,
      message:
        left === null
          ? 'Play the recording.'
          : left === 0
            ? 'This is your last play of the recording.'
            : `You can play the recording ${left} more ${left === 1 ? 'time' : 'times'}.`,
      file_url: fileUrl(passage.file_id, input.user_id),
      plays_left: left,
    };
  });

  handle(app, 'submitQuizAttempt', async (ctx) => {
    const attempt = await ownAttempt(ctx, ctx.input.attempt_id);
    if (!isOpen(attempt)) {
      if (attempt.closed_by === 'time')
        return { success: true, message: TIME_UP, closed_by: 'time' };
      throw conflict('This attempt has already been submitted.');
    }
    const closedNow = await closeAttempt(ctx.db, attempt.id, 'student', ctx.now());
    if (closedNow) await cardsAtReview(ctx, attempt);
    if (!closedNow) {
      const after = await findAttempt(ctx.db, attempt.id);
      if (after?.closed_by === 'time')
        return { success: true, message: TIME_UP, closed_by: 'time' };
      throw conflict('This attempt has already been submitted.');
    }
    return { success: true, message: 'Your answers were submitted.', closed_by: 'student' };
  });

  handle(app, 'quizReview', async (ctx) => {
    const { attempt, quiz } = await ownAttemptAndQuiz(ctx, ctx.input.attempt_id);
    if (isOpen(attempt))
      throw conflict('This attempt is still going on: submit it to see its review.');
    const at = ctx.now();
    const options = reviewOf(quiz);
    const shows = reviewShows(options, {
      now: at,
      accessEnd: quiz.access_end,
      attemptClosed: true,
    });
    const everything = reviewShows(
      { ...options, when: 'at_once' },
      {
        now: at,
        accessEnd: quiz.access_end,
        attemptClosed: true,
      },
    );
    const waiting = Object.values(everything).some(Boolean) && !Object.values(shows).some(Boolean);
    const layout = readLayout(attempt.layout);
    // A quiz set to 'make' makes the cards when the review first shows the right answers.
    if (shows.right_answers) await cardsAtReview(ctx, attempt);
    const rows = await attemptItemsWithKeys(ctx.db, attempt.id);
    const haveCards = shows.right_answers ? await cardsByText(ctx.db, attempt.user_id) : undefined;
    return {
      success: true,
      review: {
        attempt_id: attempt.id,
        quiz_id: quiz.id,
        title: quiz.title,
        number: attempt.number,
        closed_by: closedByOf(attempt.closed_by) ?? 'student',
        submitted_at: timestamp(attempt.submitted_at ?? attempt.deadline),
        shows,
        more_at: waiting ? timestamp(quiz.access_end) : null,
        ...(shows.score ? { mark: markOf(attempt.hundredths, attempt.out_of) } : {}),
        items: rows.map((row) =>
          reviewItemOf(
            row,
            layout.find((e) => e.position === row.position),
            shows,
            haveCards,
          ),
        ),
      },
    };
  });

  // ------------------------------------------------------------------------------------------
  // Staff: read and mark attempts.

  handle(app, 'quizAttempts', async (ctx) => {
    const { db, input, caller, now } = ctx;
    const quiz = await staffQuiz(ctx, input.quiz_id, 'sees');
    await closeOverdueOf(db, { quizId: quiz.id }, now());
    const { people, attempts } = await attemptsAtQuiz(db, quiz.id, withinOf(caller));
    const counts = quiz.counts as CountsRule;
    return {
      success: true,
      quiz: { id: quiz.id, title: quiz.title, out_of: quiz.out_of, counts },
      students: people.map((person) => {
        const own = attempts.filter((a) => a.user_id === person.id);
        const closed = own.filter((a) => !isOpen(a));
        return {
          user_id: person.id,
          name: person.name,
          attempts: own.map((a) => ({
            id: a.id,
            number: a.number,
            started_at: timestamp(a.started_at),
            deadline: timestamp(a.deadline),
            submitted_at: a.submitted_at === null ? null : timestamp(a.submitted_at),
            closed_by: closedByOf(a.closed_by),
            mark: markOf(a.hundredths, a.out_of),
            awaiting_marks: a.awaiting_marks,
          })),
          counted: markOf(countingMark(closed, counts), closed[0]?.out_of ?? quiz.out_of),
        };
      }),
    };
  });

  handle(app, 'staffQuizAttempt', async ({ db, input, now, caller, fileUrl }) => {
    const found = await findAttempt(db, input.attempt_id);
    // The pipeline checked a teacher's reach over user_id: the attempt must be that student's.
    if (!found || found.user_id !== input.user_id) throw notFound(NO_ATTEMPT);
    const attempt = await closeIfOverdue(db, found, now());
    const quiz = await findQuiz(db, attempt.quiz_id);
    const student = await db
      .selectFrom('users')
      .select('name')
      .where('id', '=', attempt.user_id)
      .executeTakeFirst();
    if (!quiz || !student) throw notFound(NO_ATTEMPT);
    const layout = readLayout(attempt.layout);
    const rows = await attemptItemsWithKeys(db, attempt.id);
    return {
      success: true,
      attempt: {
        id: attempt.id,
        quiz_id: quiz.id,
        quiz_title: quiz.title,
        user_id: attempt.user_id,
        user_name: student.name,
        number: attempt.number,
        started_at: timestamp(attempt.started_at),
        deadline: timestamp(attempt.deadline),
        submitted_at: attempt.submitted_at === null ? null : timestamp(attempt.submitted_at),
        closed_by: closedByOf(attempt.closed_by),
        mark: markOf(attempt.hundredths, attempt.out_of),
        awaiting_marks: attempt.awaiting_marks,
        items: rows.map((row) =>
          staffItemOf(
            row,
            layout.find((e) => e.position === row.position),
            (file) => (/^\d{1,10}$/.test(file) ? fileUrl(Number(file), caller.id) : null),
          ),
        ),
      },
    };
  });

  handle(app, 'markQuizAnswer', async ({ db, input, caller, tell }) => {
    const found = await findAttempt(db, input.attempt_id);
    if (!found || found.user_id !== input.user_id) throw notFound(NO_ATTEMPT);
    const points = await db
      .selectFrom('quiz_answers as a')
      .innerJoin('quiz_item_versions as v', 'v.id', 'a.version_id')
      .select('v.points')
      .where('a.attempt_id', '=', found.id)
      .where('a.position', '=', input.position)
      .executeTakeFirst();
    if (!points) throw notFound(`Question ${input.position + 1} is not in this attempt.`);
    const read = readMark(input.mark, String(points.points));
    if ('problem' in read) throw badRequest(read.problem);
    const quiz = await findQuiz(db, found.quiz_id);
    const outcome = await markSpokenAnswer(
      db,
      found.id,
      input.position,
      read.mark?.hundredths ?? null,
      caller.id,
      (trx, after) =>
        tell(trx, {
          userId: after.user_id,
          topic: 'quiz_mark',
          refId: after.quiz_id,
          path: '/my-quizzes',
          text:
            after.hundredths === null
              ? `Your teacher marked a spoken answer in ${quoted(quiz?.title ?? 'a quiz')}.`
              : `Your teacher marked your spoken answer: ${quoted(quiz?.title ?? 'a quiz')} is marked.`,
        }),
    );
    if ('refused' in outcome) {
      if (outcome.refused === 'open')
        throw conflict('This attempt is still going on: mark it once it is submitted.');
      if (outcome.refused === 'unanswered')
        throw badRequest(
          'There is nothing to mark: the student gave no recording for this question.',
        );
      if (outcome.refused === 'not-spoken')
        throw badRequest('Only a spoken answer is marked by hand; the others mark themselves.');
      throw notFound(NO_ATTEMPT);
    }
    return {
      success: true,
      message: read.mark ? 'The mark was saved.' : 'The mark was taken away.',
      mark: markOf(outcome.marked.hundredths, outcome.marked.out_of),
    };
  });
}
