import { z } from 'zod';
import {
  SPEAKING_DEFAULT_SECONDS,
  SPEAKING_MAX_SECONDS,
  SPEAKING_MIN_SECONDS,
} from '../constants.js';
import {
  defineSchemas,
  Id,
  Moment,
  NoPayload,
  SuccessResponse,
  Timestamp,
  text,
  wholeNumber,
} from './common.js';

export const SKILL_KINDS = ['exam', 'reading', 'listening', 'story'] as const;
export type SkillKind = (typeof SKILL_KINDS)[number];

/** An exam, reading, listening or story as a student sees it (spec section 3). */
export const StudentSkillItem = z.object({
  id: Id,
  title: z.string(),
  description: z.string(),
  access_start: Timestamp,
  access_end: Timestamp,
  /**
   * The item's file or link; null until this student's start call has succeeded, so the
   * file cannot be read without being recorded as started.
   */
  file_url: z.string().nullable(),
  /** 1 once this student has started it. */
  attempted: z.union([z.literal(0), z.literal(1)]),
  /** 1 while its window is open (new: the page shows the start button then, not before). */
  is_open: z.union([z.literal(0), z.literal(1)]),
});

const OwnUser = z.object({ user_id: Id });

export const GetExamResponse = z.object({
  success: z.boolean(),
  exam: StudentSkillItem.nullable(),
  message: z.string(),
});

export const UpdateAttemptedRequest = z.object({ user_id: Id, exam_id: Id });
/** The start call answers with the file to open, so the client need not have kept it. */
export const StartResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  file_url: z.string().nullable(),
});

/**
 * The spec's start calls for readings, listenings and stories send only user_id and start the
 * current item; our client also names the item, so a list that changed meanwhile cannot start
 * the wrong one.
 */
export const UpdateItemAttemptedRequest = z.object({ user_id: Id, item_id: Id.optional() });

export const GetReadingResponse = z.object({
  success: z.boolean(),
  readings: z.array(StudentSkillItem),
  message: z.string(),
});
export const GetListeningResponse = z.object({
  success: z.boolean(),
  listenings: z.array(StudentSkillItem),
  message: z.string(),
});
export const GetStoryResponse = z.object({
  success: z.boolean(),
  stories: z.array(StudentSkillItem),
  message: z.string(),
});

/** How long a recorded answer may last, in seconds (new: the administrator sets it). */
export const AnswerSeconds = wholeNumber({
  least: SPEAKING_MIN_SECONDS,
  leastWords: SPEAKING_MIN_SECONDS,
  most: SPEAKING_MAX_SECONDS,
  tooBig: `must be at most ${SPEAKING_MAX_SECONDS} seconds`,
  digits: 6,
});

export const SpeakingQuestion = z.object({
  id: Id,
  question_text: z.string(),
  start_time: Timestamp,
  end_time: Timestamp,
  /** New: the longest recording the speaking screen makes for this question. */
  answer_seconds: z.number(),
});

/** The administrator's reply to a spoken answer: text, a recording, or both (new). */
export const SpeakingReply = z.object({
  reply_text: z.string(),
  /** A signed link to the recorded reply, or null when there is none. */
  reply_audio_url: z.string().nullable(),
  /** New: the recorded reply's length in whole seconds, measured by the server; else null. */
  reply_audio_seconds: z.number().nullable(),
  replied_at: Timestamp,
});
export const GetSpeakingQuestionResponse = z.object({
  success: z.boolean(),
  data: SpeakingQuestion.nullable(),
  message: z.string(),
});
export const SpeakingStatusRequest = z.object({ user_id: Id, question_id: Id });
export const SpeakingStatusResponse = z.object({
  success: z.literal(true),
  status: z.enum(['answered', 'not_answered']),
  message: z.string(),
  /** New: the student's own recording, to hear again after sending it; null before. */
  answer: z
    .object({
      file_url: z.string(),
      /** Its length in whole seconds, measured by the server; null if never measured. */
      duration_seconds: z.number().nullable(),
    })
    .nullable(),
  /** New: the administrator's reply to this student's answer, once there is one. */
  reply: SpeakingReply.nullable(),
});
/** multipart: user_id, question_id, audio_file (the file is read by the server as it streams). */
export const SendSpeakingAnswerRequest = z.object({ user_id: Id, question_id: Id });

// The admin side.

export const SkillKindField = z.enum(SKILL_KINDS, {
  error: 'must be exam, reading, listening or story',
});

export const ListSkillItemsRequest = z.object({ kind: SkillKindField });
export const AdminSkillItem = z.object({
  id: Id,
  kind: SkillKindField,
  title: z.string(),
  description: z.string(),
  access_start: Timestamp,
  access_end: Timestamp,
  link_url: z.string().nullable(),
  file_name: z.string().nullable(),
  file_url: z.string().nullable(),
  /** Empty: every student. */
  student_ids: z.array(z.number()),
  /** The same students with their names, by name (new: the admin's list shows who). */
  students: z.array(z.object({ id: z.number(), name: z.string() })),
  attempts_count: z.number(),
});
export const ListSkillItemsResponse = z.object({
  success: z.literal(true),
  items: z.array(AdminSkillItem),
});

const httpUrl = z
  .string()
  .trim()
  .max(2000, { error: 'must be at most 2000 characters' })
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), {
    error: 'must be an http:// or https:// link',
  });

/** The students an item is for, as a JSON list of ids ('[]' or empty: everyone). */
const StudentIds = z
  .union([z.string(), z.array(z.union([z.number(), z.string()]))])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return [];
    let list: unknown = value;
    if (typeof value === 'string') {
      try {
        list = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON list of student ids' });
        return z.NEVER;
      }
    }
    const parsed = z.array(Id).max(10_000).safeParse(list);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON list of student ids' });
      return z.NEVER;
    }
    return [...new Set(parsed.data)];
  });

export const SaveSkillItemRequest = z.object({
  /** Absent: a new item. */
  id: Id.optional(),
  kind: SkillKindField,
  title: text(200, 'Please enter a title.'),
  description: text(5000).default(''),
  access_start: Moment,
  access_end: Moment,
  link_url: httpUrl.optional(),
  student_ids: StudentIds,
});
export const SaveSkillItemResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  id: Id,
});

export const DeleteByIdRequest = z.object({ id: Id });

export const SkillItemAttemptsRequest = z.object({ item_id: Id });
export const SkillItemAttemptsResponse = z.object({
  success: z.literal(true),
  attempts: z.array(z.object({ user_id: Id, user_name: z.string(), started_at: Timestamp })),
});

export const AdminSpeakingQuestion = SpeakingQuestion.extend({ answers_count: z.number() });
export const ListSpeakingQuestionsResponse = z.object({
  success: z.literal(true),
  questions: z.array(AdminSpeakingQuestion),
});
export const SaveSpeakingQuestionRequest = z.object({
  id: Id.optional(),
  question_text: text(2000, 'Please enter the question.'),
  start_time: Moment,
  end_time: Moment,
  answer_seconds: AnswerSeconds.default(SPEAKING_DEFAULT_SECONDS),
});
export const SpeakingAnswersRequest = z.object({ question_id: Id });
export const SpeakingAnswersResponse = z.object({
  success: z.literal(true),
  answers: z.array(
    z.object({
      id: Id,
      user_id: Id,
      user_name: z.string(),
      created_at: Timestamp,
      file_name: z.string(),
      file_url: z.string(),
      /** New: the recording's length in whole seconds, measured by the server; else null. */
      duration_seconds: z.number().nullable(),
      /** New: the reply given to it, or null. */
      reply: SpeakingReply.nullable(),
      /** New: the cards a teacher added from it, oldest first (issue 27, point 18). */
      cards: z.array(z.object({ id: Id, front_text: z.string(), back_text: z.string() })),
    }),
  ),
});

/**
 * multipart: answer_id, reply_text and an optional reply_audio. Sent again, it replaces the
 * text, and the recording when a new one comes or remove_audio is 1.
 */
export const ReplySpeakingAnswerRequest = z.object({
  answer_id: Id,
  reply_text: text(2000).default(''),
  remove_audio: z.enum(['0', '1']).optional(),
});

export const SpeakingRepliesRequest = z.object({ user_id: Id });
export const SpeakingRepliesResponse = z.object({
  success: z.literal(true),
  replies: z.array(
    SpeakingReply.extend({
      answer_id: Id,
      question_text: z.string(),
      answered_at: Timestamp,
      /** The student's own recording, to hear beside the reply. */
      answer_url: z.string(),
      /** Its length in whole seconds, measured by the server; null if never measured. */
      answer_seconds: z.number().nullable(),
    }),
  ),
});

export const skillSchemas = defineSchemas({
  getExam: { request: OwnUser, response: GetExamResponse },
  updateAttempted: { request: UpdateAttemptedRequest, response: StartResponse },
  getReading: { request: OwnUser, response: GetReadingResponse },
  getListening: { request: OwnUser, response: GetListeningResponse },
  getStory: { request: OwnUser, response: GetStoryResponse },
  updateReadingAttempted: { request: UpdateItemAttemptedRequest, response: StartResponse },
  updateListeningAttempted: { request: UpdateItemAttemptedRequest, response: StartResponse },
  updateStoryAttempted: { request: UpdateItemAttemptedRequest, response: StartResponse },
  getSpeakingQuestion: { request: OwnUser, response: GetSpeakingQuestionResponse },
  getSpeakingQuestionStatus: { request: SpeakingStatusRequest, response: SpeakingStatusResponse },
  sendSpeakingAnswer: { request: SendSpeakingAnswerRequest, response: SuccessResponse },
  listSkillItems: { request: ListSkillItemsRequest, response: ListSkillItemsResponse },
  saveSkillItem: { request: SaveSkillItemRequest, response: SaveSkillItemResponse },
  deleteSkillItem: { request: DeleteByIdRequest, response: SuccessResponse },
  skillItemAttempts: { request: SkillItemAttemptsRequest, response: SkillItemAttemptsResponse },
  listSpeakingQuestions: { request: NoPayload, response: ListSpeakingQuestionsResponse },
  saveSpeakingQuestion: { request: SaveSpeakingQuestionRequest, response: SaveSkillItemResponse },
  deleteSpeakingQuestion: { request: DeleteByIdRequest, response: SuccessResponse },
  speakingAnswers: { request: SpeakingAnswersRequest, response: SpeakingAnswersResponse },
  replySpeakingAnswer: { request: ReplySpeakingAnswerRequest, response: SuccessResponse },
  speakingReplies: { request: SpeakingRepliesRequest, response: SpeakingRepliesResponse },
});
