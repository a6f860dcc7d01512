import { z } from 'zod';
import {
  SPEAKING_DEFAULT_SECONDS,
  SPEAKING_MAX_SECONDS,
  SPEAKING_MIN_SECONDS,
} from '../constants.js';
import {
  DeleteByIdRequest,
  defineSchemas,
  Id,
  MarkFields,
  MarkSchema,
  Moment,
  NoPayload,
  OwnUser,
  SavedResponse,
  SuccessResponse,
  Timestamp,
  text,
  wholeNumber,
} from './common.js';
import { countRecipientChoices, recipientFields } from './recipients.js';

/*
 * Speaking questions and the students' spoken answers (spec section 3), with the
 * administrator's side: questions, answers and replies.
 */

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
  /** New (issue 30): the mark the reply gives the answer, or null. */
  mark: MarkSchema.nullable(),
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

export const AdminSpeakingQuestion = SpeakingQuestion.extend({
  answers_count: z.number(),
  /** New (issue 29): who it went to, in words ("Everyone", a class's name, "3 students"). */
  audience: z.string(),
  /**
   * New (issue 29): whether the caller may edit and delete it: an administrator any, a
   * teacher the questions they asked.
   */
  can_change: z.boolean(),
});
export const ListSpeakingQuestionsResponse = z.object({
  success: z.literal(true),
  questions: z.array(AdminSpeakingQuestion),
});
/**
 * A question, and (new, issue 29) who it is for: one student, chosen students or a class
 * (recipientFields), or nobody chosen: everyone when it is made, unchanged when it is edited.
 */
export const SaveSpeakingQuestionRequest = z
  .object({
    id: Id.optional(),
    question_text: text(2000, 'Please enter the question.'),
    start_time: Moment,
    end_time: Moment,
    answer_seconds: AnswerSeconds.default(SPEAKING_DEFAULT_SECONDS),
    ...recipientFields('Please select a student.'),
  })
  .superRefine((v, ctx) => {
    if (countRecipientChoices(v) > 1)
      ctx.addIssue({
        code: 'custom',
        message: 'Choose one student, several students or a class, not more than one of them.',
        path: ['user_id'],
      });
  });

/** New (issue 29, point 5): the questions open to a student now. */
export const GetOpenSpeakingQuestionsResponse = z.object({
  success: z.literal(true),
  questions: z.array(SpeakingQuestion.extend({ answered: z.boolean() })),
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
  /** New, optional (issue 30): the mark, and what it is out of ('' for none). */
  ...MarkFields,
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

export const speakingSchemas = defineSchemas({
  getSpeakingQuestion: { request: OwnUser, response: GetSpeakingQuestionResponse },
  getOpenSpeakingQuestions: { request: OwnUser, response: GetOpenSpeakingQuestionsResponse },
  getSpeakingQuestionStatus: { request: SpeakingStatusRequest, response: SpeakingStatusResponse },
  sendSpeakingAnswer: { request: SendSpeakingAnswerRequest, response: SuccessResponse },
  listSpeakingQuestions: { request: NoPayload, response: ListSpeakingQuestionsResponse },
  saveSpeakingQuestion: { request: SaveSpeakingQuestionRequest, response: SavedResponse },
  deleteSpeakingQuestion: { request: DeleteByIdRequest, response: SuccessResponse },
  speakingAnswers: { request: SpeakingAnswersRequest, response: SpeakingAnswersResponse },
  replySpeakingAnswer: { request: ReplySpeakingAnswerRequest, response: SuccessResponse },
  speakingReplies: { request: SpeakingRepliesRequest, response: SpeakingRepliesResponse },
});
