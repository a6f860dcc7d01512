import { z } from 'zod';
import { CERTIFICATE_CODE_INPUT_MAX, CLASS_LEVEL_MAX } from '../certificates.js';
import { defineSchemas, FileBytes, Id, SuccessResponse } from './common.js';
import { Outcome } from './results.js';

/**
 * Report cards, certificates and a class's next level (issue 30, points 5–6;
 * contract/src/routes/reports.ts).
 */

/**
 * A PDF the server made. It leaves as the file itself (Content-Type application/pdf, and a
 * Content-Disposition naming it), never as JSON; a refusal is JSON as every call's.
 */
export const ResultPdfRequest = z.object({ result_id: Id });

export const ClassReportCardsRequest = z.object({ class_id: Id, term_id: Id });

export const VerifyCertificateRequest = z.object({
  code: z
    .string({ error: 'Please type the certificate’s code.' })
    .max(CERTIFICATE_CODE_INPUT_MAX, { error: 'No certificate has this code.' }),
});

/** What a certificate certifies, and nothing else: who, where, which level, term and class, how. */
export const VerifiedCertificate = z.object({
  student_name: z.string(),
  academy_name: z.string(),
  level: z.string().nullable(),
  term_name: z.string(),
  class_name: z.string(),
  outcome: Outcome,
});

export const VerifyCertificateResponse = z.object({
  success: z.literal(true),
  certificate: VerifiedCertificate,
});

const LevelText = z
  .string({ error: 'The level must be text.' })
  .trim()
  .max(CLASS_LEVEL_MAX, { error: `A level must be at most ${CLASS_LEVEL_MAX} characters.` });

export const SetClassLevelRequest = z
  .object({
    class_id: Id,
    /** '' clears it. */
    level: LevelText,
    /** null: no next level's class. */
    next_class_id: Id.nullable(),
  })
  .refine((v) => v.next_class_id === null || v.next_class_id !== v.class_id, {
    error: 'The next level’s class must be another class.',
    path: ['next_class_id'],
  });

export const GetClassPromotionRequest = z.object({
  class_id: Id,
  /** Absent: the class's level and next class only. */
  term_id: Id.optional(),
});

export const GetClassPromotionResponse = z.object({
  success: z.literal(true),
  level: z.string().nullable(),
  next_class: z.object({ id: Id, name: z.string(), is_archived: z.boolean() }).nullable(),
  /** With a term: whether its results are published, and who passed and is still in the class. */
  term: z
    .object({
      published: z.boolean(),
      /** Passed and still in this class: those a move would take. */
      passing: z.number().int(),
    })
    .nullable(),
});

export const MovePassingStudentsRequest = z.object({ class_id: Id, term_id: Id });
export const MovePassingStudentsResponse = SuccessResponse.extend({ moved: z.number().int() });

export const reportSchemas = defineSchemas({
  getReportCard: { request: ResultPdfRequest, response: FileBytes },
  getCertificate: { request: ResultPdfRequest, response: FileBytes },
  getClassReportCards: { request: ClassReportCardsRequest, response: FileBytes },
  verifyCertificate: { request: VerifyCertificateRequest, response: VerifyCertificateResponse },
  setClassLevel: { request: SetClassLevelRequest, response: SuccessResponse },
  getClassPromotion: { request: GetClassPromotionRequest, response: GetClassPromotionResponse },
  movePassingStudents: {
    request: MovePassingStudentsRequest,
    response: MovePassingStudentsResponse,
  },
});
