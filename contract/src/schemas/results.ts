import { z } from 'zod';
import { IMPORT_MAX_CHARS } from '../constants.js';
import {
  ADJUSTMENT_REASON_MAX,
  bandsProblem,
  COMPONENT_NAME_MAX,
  COMPONENT_SOURCES,
  MAX_COMPONENTS,
  OUTCOMES,
  QUIZ_TAG_MAX,
  readScore,
  schemeProblem,
} from '../results.js';
import { CsvFileResponse, defineSchemas, FileBytes, Id, SuccessResponse } from './common.js';
import { Term } from './terms.js';

/**
 * A term's results (issue 30, points 3–5; contract/src/results.ts). Every score and total is
 * a whole number of hundredths of a percent (8550 is 85.5 %).
 */

export const Outcome = z.enum(OUTCOMES);

export const ResultComponent = z.object({
  key: z.string(),
  name: z.string(),
  weight: z.number().int(),
  source: z.enum(COMPONENT_SOURCES),
  final: z.boolean(),
  quiz_id: z.number().int().nullable().optional(),
  quiz_tag: z.string().nullable().optional(),
  quiz_title: z.string().nullable().optional(),
});

export const ResultBands = z.object({
  pass_at: z.number().int(),
  /** null: no conditional pass. */
  conditional_at: z.number().int().nullable(),
});

/** A student's line of a sheet as it stands now (the draft). */
export const SheetStudent = z.object({
  id: Id,
  name: z.string(),
  /** One per component, in the scheme's order: typed or computed; null: none yet. */
  scores: z.array(z.number().int().nullable()),
  /** Absences this term by the roll's rules; over the limit: not eligible for the final. */
  absences: z.number().int(),
  eligible: z.boolean(),
  /** The roll's points earned out of the most, in hundredths of a percent; null before any roll. */
  attendance: z.number().int().nullable(),
  total: z.number().int().nullable(),
  outcome: Outcome.nullable(),
  /** The components the student still lacks a score on. */
  missing: z.array(z.string()),
  /** What was published for them, and whether the sheet now says otherwise. */
  published: z.object({ total: z.number().int(), outcome: Outcome }).nullable(),
  differs: z.boolean(),
  /** Components excused or overridden for the student (issue 49, point 9), with who and when. */
  adjustments: z.array(
    z.object({
      component_key: z.string(),
      kind: z.enum(['excused', 'override']),
      /** The override's score; null when excused. */
      score: z.number().int().nullable(),
      reason: z.string().nullable(),
      by: z.string().nullable(),
      at: z.number(),
    }),
  ),
});

export const GetResultSheetRequest = z.object({ class_id: Id, term_id: Id });
export const GetResultSheetResponse = z.object({
  success: z.literal(true),
  class: z.object({ id: Id, name: z.string(), level: z.string().nullable() }),
  term: Term,
  components: z.array(ResultComponent),
  /** The class follows the academy's scheme (not one of its own). */
  academy_scheme: z.boolean(),
  bands: ResultBands,
  absence_limit: z.number().int().nullable(),
  students: z.array(SheetStudent),
  /** null: a draft nobody has published. */
  published_at: z.number().nullable(),
  published_by: z.string().nullable(),
});

/** At most one sheet's worth of cells at once: a class's members by its components. */
export const MAX_SCORES_PER_SAVE = 2000;

export const SaveResultScoresRequest = z.object({
  class_id: Id,
  term_id: Id,
  scores: z
    .array(
      z.object({
        student_id: Id,
        component_key: z.string().max(10),
        /** As typed: '' clears the cell (readScore). */
        score: z.string().max(20),
      }),
    )
    .min(1, { error: 'There is no score to save.' })
    .max(MAX_SCORES_PER_SAVE, {
      error: `At most ${MAX_SCORES_PER_SAVE} scores can be saved at once.`,
    }),
});
export const SaveResultScoresResponse = SuccessResponse.extend({
  /** The lines the scores changed, as the sheet shows them now. */
  students: z.array(SheetStudent),
  saved_at: z.number(),
});

export const PublishResultsRequest = z.object({ class_id: Id, term_id: Id });
export const PublishResultsResponse = SuccessResponse.extend({
  /** Students published for the first time, and those whose published result changed. */
  published: z.number().int(),
  changed: z.number().int(),
  /** Students left out for lack of a total, and why (issue 49, point 9). */
  not_ready: z.array(z.object({ id: Id, name: z.string(), why: z.string() })),
  /** Certificates this publication withdrew (a pass published again as something else). */
  withdrawn: z.array(z.object({ id: Id, name: z.string(), code: z.string() })),
});

export const SaveResultAdjustmentRequest = z
  .object({
    class_id: Id,
    term_id: Id,
    student_id: Id,
    component_key: z.string().max(10),
    /** Excused: left out, its weight spread over the rest; override: a score with a reason; none: neither. */
    kind: z.enum(['excused', 'override', 'none'], {
      error: 'Please choose to excuse it, override it, or neither.',
    }),
    /** An override's score as typed (readScore). */
    score: z.string().max(20).optional(),
    reason: z
      .string()
      .max(ADJUSTMENT_REASON_MAX, {
        error: `A reason must be at most ${ADJUSTMENT_REASON_MAX} characters.`,
      })
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.kind !== 'override') return;
    const read = readScore(input.score ?? '');
    if ('problem' in read) ctx.addIssue({ code: 'custom', path: ['score'], message: read.problem });
    else if (read.score === null)
      ctx.addIssue({
        code: 'custom',
        path: ['score'],
        message: 'Please type the score that overrides it.',
      });
    if ((input.reason ?? '').trim() === '')
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Please say why the score is overridden.',
      });
  });
export const SaveResultAdjustmentResponse = SuccessResponse.extend({
  /** The student's line as the sheet shows it now. */
  students: z.array(SheetStudent),
  saved_at: z.number(),
});

export const GetResultSchemeRequest = z.object({ class_id: Id.optional() });
export const GetResultSchemeResponse = z.object({
  success: z.literal(true),
  components: z.array(ResultComponent),
  academy_scheme: z.boolean(),
  bands: ResultBands,
});

const ComponentInput = z.object({
  /** Absent: a new component (it takes the next key). */
  key: z.string().max(10).optional(),
  name: z
    .string({ error: 'Please name every component.' })
    .trim()
    .max(COMPONENT_NAME_MAX, {
      error: `A component’s name must be at most ${COMPONENT_NAME_MAX} characters.`,
    }),
  weight: z.number({ error: 'Each weight must be a whole number from 1 to 100.' }),
  source: z.enum(COMPONENT_SOURCES, { error: 'Please choose where each component comes from.' }),
  final: z.boolean().default(false),
  /** A quiz component of one quiz (issue 51). */
  quiz_id: Id.nullable().optional(),
  /** A quiz component of the term's quizzes with this tag; '' is none. */
  quiz_tag: z
    .string()
    .trim()
    .max(QUIZ_TAG_MAX, { error: `A quiz tag must be at most ${QUIZ_TAG_MAX} characters.` })
    .nullable()
    .optional()
    .transform((t) => (t === '' ? null : t)),
});

export const SaveResultSchemeRequest = z
  .object({
    /** Absent: the academy's scheme, which every class without its own follows. */
    class_id: Id.optional(),
    /** A class goes back to the academy's scheme (its own is forgotten). */
    use_academy: z.boolean().default(false),
    components: z
      .array(ComponentInput)
      .max(MAX_COMPONENTS, { error: `A scheme has at most ${MAX_COMPONENTS} components.` })
      .default([]),
  })
  .superRefine((scheme, ctx) => {
    if (scheme.use_academy) {
      if (scheme.class_id === undefined)
        ctx.addIssue({ code: 'custom', message: 'Please choose the class.' });
      return;
    }
    // Keys are checked once the server has given new components theirs.
    const problem = schemeProblem(
      scheme.components.map((c, i) => ({ ...c, key: c.key ?? `k${9000 + i}` })),
    );
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const SaveResultBandsRequest = z
  .object({
    pass_at: z.number({ error: 'The pass mark must be a whole number from 1 to 100.' }),
    conditional_at: z
      .number({ error: 'The conditional pass must be a whole number from 1, or left empty.' })
      .nullable(),
  })
  .superRefine((bands, ctx) => {
    const problem = bandsProblem({ passAt: bands.pass_at, conditionalAt: bands.conditional_at });
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A published result, as the student's Results screen and report card show it. */
export const TermResult = z.object({
  id: Id,
  term: Term,
  class_name: z.string(),
  level: z.string().nullable(),
  components: z.array(
    z.object({
      name: z.string(),
      weight: z.number().int(),
      final: z.boolean(),
      score: z.number().int().nullable(),
      /** Present only when the teacher excused it (issue 49, point 9). */
      excused: z.literal(true).optional(),
    }),
  ),
  total: z.number().int(),
  outcome: Outcome,
  eligible: z.boolean(),
  absences: z.number().int(),
  attendance: z.number().int().nullable(),
  published_at: z.number(),
  /** When a published result was changed by publishing again; null: never. */
  changed_at: z.number().nullable(),
  /** A pass's certificate code (anyone may verify it); null: no certificate. */
  certificate_code: z.string().nullable(),
});

export const GetResultsRequest = z.object({ user_id: Id });
export const GetResultsResponse = z.object({
  success: z.literal(true),
  /** Latest term first. */
  results: z.array(TermResult),
});

export const PreviewResultImportRequest = z.object({
  class_id: Id,
  term_id: Id,
  csv: z
    .string({ error: 'Please choose a CSV file.' })
    .min(1, { error: 'The file is empty.' })
    .max(IMPORT_MAX_CHARS, {
      error: `The file is too large: at most ${IMPORT_MAX_CHARS.toLocaleString('en-US')} characters.`,
    }),
});

export const PreviewResultImportResponse = z.object({
  success: z.literal(true),
  /** The typed components the file has a column for. */
  columns: z.array(z.object({ key: z.string(), name: z.string() })),
  /** Columns left as they are, each with why ("Class activity: computed by the app"). */
  ignored: z.array(z.string()),
  /** Rows with problems first, then the others in the file's order. */
  rows: z.array(
    z.object({
      row: z.number().int(),
      student: z.string(),
      /** The class member the row names; null: none (a problem says why). */
      student_id: Id.nullable(),
      scores: z.array(
        z.object({
          component_key: z.string(),
          component: z.string(),
          score: z.string(),
          problem: z.string().nullable(),
        }),
      ),
      problems: z.array(z.string()),
    }),
  ),
  /** Scores the rows without problems would save. */
  ready_count: z.number().int(),
  message: z.string(),
});

export const resultSchemas = defineSchemas({
  getResultSheet: { request: GetResultSheetRequest, response: GetResultSheetResponse },
  saveResultScores: { request: SaveResultScoresRequest, response: SaveResultScoresResponse },
  publishResults: { request: PublishResultsRequest, response: PublishResultsResponse },
  saveResultAdjustment: {
    request: SaveResultAdjustmentRequest,
    response: SaveResultAdjustmentResponse,
  },
  getResultScheme: { request: GetResultSchemeRequest, response: GetResultSchemeResponse },
  saveResultScheme: { request: SaveResultSchemeRequest, response: SuccessResponse },
  saveResultBands: { request: SaveResultBandsRequest, response: SuccessResponse },
  getResults: { request: GetResultsRequest, response: GetResultsResponse },
  exportResultSheet: { request: GetResultSheetRequest, response: CsvFileResponse },
  exportResultSheetXlsx: { request: GetResultSheetRequest, response: FileBytes },
  previewResultImport: {
    request: PreviewResultImportRequest,
    response: PreviewResultImportResponse,
  },
});
