import type { FastifyInstance } from 'fastify';
import { withinOf } from '../../../auth/reach.js';
import { type CallContext, handle } from '../../../http/call.js';
import { answerFile } from '../../../http/file-answer.js';
import { closeOverdueOf } from '../taking/attempts-data.js';
import { staffQuiz } from '../taking/staff-quiz.js';
import { analyseQuiz } from './analysis-data.js';
import { analysisCsv, analysisFileName, analysisXlsx } from './analysis-files.js';

type Ctx = CallContext<'quizAnalysis' | 'exportQuizAnalysis' | 'exportQuizAnalysisXlsx'>;

/**
 * The quiz's analysis as the caller may read it. The pipeline has checked a teacher's `quiz`
 * reach; staffQuiz (taking/staff-quiz.ts) finds the quiz again (a practice quiz is
 * nobody's on the staff side) and a quiz out of reach is answered as one that does not exist.
 * Attempts past their deadline are closed first, as the attempts list does, so they count.
 */
async function analysisOf(ctx: Ctx) {
  const { db, caller, input, now } = ctx;
  const quiz = await staffQuiz(ctx, input.quiz_id, 'sees');
  await closeOverdueOf(db, { quizId: quiz.id }, now());
  return analyseQuiz(db, quiz, withinOf(caller));
}

/** Item analysis of a quiz (issue 51, point 7). */
export default async function quizAnalysisRoutes(app: FastifyInstance) {
  handle(app, 'quizAnalysis', analysisOf);

  handle(app, 'exportQuizAnalysis', async (ctx) => {
    const analysis = await analysisOf(ctx);
    return {
      success: true,
      csv: analysisCsv(analysis),
      file_name: `${analysisFileName(analysis.quiz.title, ctx.now())}.csv`,
      count: analysis.items.length,
    };
  });

  handle(app, 'exportQuizAnalysisXlsx', async (ctx) => {
    const analysis = await analysisOf(ctx);
    const bytes = await analysisXlsx(analysis);
    return answerFile(
      ctx.reply,
      'xlsx',
      bytes,
      `${analysisFileName(analysis.quiz.title, ctx.now())}.xlsx`,
    );
  });
}
