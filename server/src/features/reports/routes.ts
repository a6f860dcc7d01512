import { buffer } from 'node:stream/consumers';
import { readCertificateCode, verifyPath } from '@academy/contract/certificates';
import type { FastifyInstance } from 'fastify';
import { CERTIFICATE_CHECK_RULE, describeWait } from '../../auth/login-rules.js';
import { beginAddressTry, LoginThrottled } from '../../auth/throttle.js';
import { findTerm } from '../../domain/terms.js';
import { type CallContext, handle, OUTSIDE_CLASSES } from '../../http/call.js';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  notFound,
  tooManyRequests,
} from '../../http/errors.js';
import { answerFile } from '../../http/file-answer.js';
import { StoredFileMissingError } from '../../storage/storage.js';
import { findClass } from '../classes/classes-data.js';
import { stampFile } from '../settings/settings-data.js';
import { refusingNoRoom } from '../timetable/timetable-data.js';
import { CERTIFICATE, REPORT_CARDS } from './paper-kinds.js';
import {
  certificateWords,
  longDate,
  type PaperContext,
  paperFileName,
  type ResultPaper,
  reportCardWords,
} from './paper-words.js';
import {
  classLevel,
  isPublished,
  passingMembers,
  promotePassingStudents,
  saveClassLevel,
} from './promotion.js';
import {
  certificateByCode,
  classResultPapers,
  findResultPaper,
  resultTeacherNames,
  withdrawnCertificate,
} from './reports-data.js';

/**
 * Report cards, certificates and a class's next level (issue 30, points 5–6). The papers are
 * PDFs made on the server from what publishing froze (features/reports/paper*.ts); the public
 * check of a code answers only what the certificate certifies. A handler reads and checks,
 * then puts the words to print into the app's PDF threads (pdf/pdfs.ts, issue 48): drawn
 * there, not on the request thread, limited per person, and served again while unchanged.
 */
export default async function reportRoutes(app: FastifyInstance) {
  handle(app, 'getReportCard', async (ctx) => {
    const result = await readableResult(ctx);
    const context = paperContext(ctx);
    const teachers = await resultTeacherNames(ctx.db, [result.id]);
    const pdf = await ctx.pdfs.make(
      REPORT_CARDS,
      {
        info: {
          title: `Report card: ${result.studentName}, ${result.term.name}`,
          author: context.academyName,
        },
        cards: [reportCardWords(result, context, teachers.get(result.id))],
        stamp: await stampOf(ctx),
      },
      ctx.caller.id,
    );
    return answerFile(
      ctx.reply,
      'pdf',
      pdf,
      paperFileName('Report card', result.studentName, result.term.name),
    );
  });

  handle(app, 'getCertificate', async (ctx) => {
    const result = await readableResult(ctx);
    const code = result.certificateCode;
    if (result.outcome !== 'pass' || code === null)
      throw notFound('This result has no certificate: only a pass has one.');
    const context = paperContext(ctx);
    // The academy's saved address, never the request's Host, which whoever asks writes.
    const origin = ctx.settings.current.publicOrigin;
    if (origin === null)
      throw conflict(
        'This certificate cannot be printed yet: the academy’s address is not known. An administrator opens Settings and saves them once.',
      );
    const url = `${origin}${verifyPath(code)}`;
    const pdf = await ctx.pdfs.make(
      CERTIFICATE,
      {
        info: {
          title: `Certificate: ${result.studentName}, ${result.term.name}`,
          author: context.academyName,
        },
        words: certificateWords({ ...result, certificateCode: code }, context, url),
      },
      ctx.caller.id,
    );
    return answerFile(
      ctx.reply,
      'pdf',
      pdf,
      paperFileName('Certificate', result.studentName, result.term.name),
    );
  });

  handle(app, 'getClassReportCards', async (ctx) => {
    const { db, input } = ctx;
    const [cls, term] = await Promise.all([
      findClass(db, input.class_id),
      findTerm(db, input.term_id),
    ]);
    if (!cls) throw notFound('Class not found.');
    if (!term) throw notFound('No such term.');
    const results = await classResultPapers(db, cls.id, term.id);
    if (results.length === 0)
      throw notFound(`No ${term.name} results of ${cls.name} are published yet.`);
    const context = paperContext(ctx);
    const teachers = await resultTeacherNames(
      db,
      results.map((result) => result.id),
    );
    const pdf = await ctx.pdfs.make(
      REPORT_CARDS,
      {
        info: { title: `Report cards: ${cls.name}, ${term.name}`, author: context.academyName },
        cards: results.map((result) => reportCardWords(result, context, teachers.get(result.id))),
        stamp: await stampOf(ctx),
      },
      ctx.caller.id,
    );
    return answerFile(ctx.reply, 'pdf', pdf, paperFileName('Report cards', cls.name, term.name));
  });

  /**
   * Anyone may check a code; unknown codes count against the address (auth/throttle.ts, as
   * login failures do), so codes cannot be guessed however many are tried.
   */
  handle(app, 'verifyCertificate', async ({ db, input, request, now, settings }) => {
    let attempt: Awaited<ReturnType<typeof beginAddressTry>>;
    try {
      attempt = await beginAddressTry(db, CERTIFICATE_CHECK_RULE, request.ip, now());
    } catch (error) {
      if (!(error instanceof LoginThrottled)) throw error;
      throw tooManyRequests(
        `Too many unknown codes were checked from your network. Please try again in ${describeWait(error.waitMs)}.`,
        error.waitMs,
      );
    }
    const code = readCertificateCode(input.code);
    const found = code === null ? undefined : await certificateByCode(db, code);
    if (!found) {
      const withdrawn = code === null ? undefined : await withdrawnCertificate(db, code);
      if (withdrawn) {
        // A real code, withdrawn in words (issue 49, point 11): not counted as a guess.
        await attempt.succeeded();
        throw new HttpError(
          410,
          `This certificate was withdrawn on ${longDate(withdrawn.withdrawnAt, settings.current.timeZone)}.`,
        );
      }
      await attempt.failed();
      throw notFound('No certificate has this code.');
    }
    await attempt.succeeded();
    return {
      success: true,
      certificate: {
        student_name: found.student_name,
        academy_name: settings.current.academyName,
        level: found.level,
        term_name: found.term_name,
        class_name: found.class_name,
        outcome: 'pass',
      },
    };
  });

  handle(app, 'setClassLevel', async ({ db, input, now, affects }) => {
    const cls = await findClass(db, input.class_id);
    if (!cls) throw notFound('Class not found.');
    const saved = await saveClassLevel(
      db,
      cls.id,
      { level: input.level, nextClassId: input.next_class_id },
      now(),
    );
    if (saved === 'no-class') throw notFound('Class not found.');
    if (saved === 'no-next-class') throw notFound('The next level’s class was not found.');
    affects({ admins: true, users: cls.teachers.map((t) => t.id) });
    return { success: true, message: `The level of ${cls.name} is saved.` };
  });

  handle(app, 'getClassPromotion', async ({ db, input }) => {
    const cls = await classLevel(db, input.class_id);
    if (!cls) throw notFound('Class not found.');
    let term: { published: boolean; passing: number } | null = null;
    if (input.term_id !== undefined) {
      if (!(await findTerm(db, input.term_id))) throw notFound('No such term.');
      const published = await isPublished(db, cls.id, input.term_id);
      const passing = published ? (await passingMembers(db, cls.id, input.term_id)).length : 0;
      term = { published, passing };
    }
    return {
      success: true,
      level: cls.level,
      next_class:
        cls.next_id === null || cls.next_name === null
          ? null
          : { id: cls.next_id, name: cls.next_name, is_archived: cls.next_archived === 1 },
      term,
    };
  });

  /** Passing students join the next level's class (its sessions to come) and leave this one. */
  handle(app, 'movePassingStudents', async ({ db, input, now, today, settings, affects }) => {
    const promotion = await refusingNoRoom(db, () =>
      promotePassingStudents(
        db,
        { classId: input.class_id, termId: input.term_id },
        { today: today(), now: now(), timeZone: settings.current.timeZone },
      ),
    );
    if ('missing' in promotion) throw notFound(promotion.missing);
    if ('refused' in promotion) throw badRequest(promotion.refused);
    const { moved } = promotion;
    affects({ users: moved, admins: true });
    const who = moved.length === 1 ? '1 passing student' : `${moved.length} passing students`;
    return {
      success: true,
      message: `Moved ${who} from ${promotion.from} to ${promotion.to}.`,
      moved: moved.length,
    };
  });
}

type ResultCall = 'getReportCard' | 'getCertificate';

/**
 * The result a paper is asked for, if the caller may read it: a teacher's must be of a student
 * of their classes (refused as the pipeline refuses anything outside them), a student's their
 * own (another's answered as one that does not exist), an administrator's any.
 */
async function readableResult(ctx: CallContext<ResultCall>): Promise<ResultPaper> {
  const { db, caller, input } = ctx;
  if (caller.isTeacher && !(await ctx.reaches(caller.id, 'result', input.result_id)))
    throw forbidden(OUTSIDE_CLASSES);
  const result = await findResultPaper(db, input.result_id);
  if (!result || (!caller.isAdmin && !caller.isTeacher && result.userId !== caller.id))
    throw notFound('No such result.');
  return result;
}

const paperContext = (ctx: CallContext<ImplementedPaperCall>): PaperContext => ({
  academyName: ctx.settings.current.academyName,
  timeZone: ctx.settings.current.timeZone,
  today: ctx.today(),
  directorName: ctx.settings.current.directorName,
  publicOrigin: ctx.settings.current.publicOrigin,
});

/**
 * The academy's stamp for its report cards, base64 (settings: a PNG or JPEG of at most
 * STAMP_MAX_BYTES); null when none is set, or its bytes are gone (logged: the card is made
 * without it rather than not at all).
 */
async function stampOf(ctx: CallContext<ImplementedPaperCall>): Promise<string | null> {
  const fileId = ctx.settings.current.stampFileId;
  if (fileId === null) return null;
  const file = await stampFile(ctx.db, fileId);
  if (!file) return null;
  try {
    return (await buffer(await ctx.storage.read(file.storage_key))).toString('base64');
  } catch (error) {
    if (!(error instanceof StoredFileMissingError)) throw error;
    ctx.request.log.error({ fileId: file.id }, 'the stamp has a row but no bytes');
    return null;
  }
}

type ImplementedPaperCall = ResultCall | 'getClassReportCards';
