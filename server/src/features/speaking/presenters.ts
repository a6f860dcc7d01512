import type { speakingSchemas } from '@academy/contract';
import { markOrNull } from '@academy/contract/marks';
import { formatTimestamp } from '../../db/time.js';
import type { CallContext } from '../../http/call.js';

/**
 * Speaking's rows as its calls answer them. Links are signed through the handler's context
 * for whoever asks: the student, or an administrator acting for them.
 */
type Asker = Pick<CallContext<keyof typeof speakingSchemas>, 'caller' | 'fileUrl'>;

/** A recording's measured length in whole seconds; null for one stored before it was measured. */
export function secondsOf(durationMs: number | string | null): number | null {
  return durationMs === null ? null : Math.round(Number(durationMs) / 1000);
}

export function questionOf(question: {
  id: number;
  question_text: string;
  start_time: number;
  end_time: number;
  answer_seconds: number;
}) {
  return {
    id: question.id,
    question_text: question.question_text,
    start_time: formatTimestamp(question.start_time),
    end_time: formatTimestamp(question.end_time),
    answer_seconds: question.answer_seconds,
  };
}

/** A reply as the answers list and the student's screens show it; null before there is one. */
export function replyOf(
  { caller, fileUrl }: Asker,
  answer: {
    reply_text: string | null;
    reply_file_id: number | null;
    reply_duration_ms: number | string | null;
    replied_at: number | null;
    reply_mark_hundredths: number | null;
    reply_mark_out_of: number | null;
  },
) {
  if (answer.replied_at === null) return null;
  return {
    reply_text: answer.reply_text ?? '',
    reply_audio_url:
      answer.reply_file_id === null ? null : fileUrl(answer.reply_file_id, caller.id),
    reply_audio_seconds: answer.reply_file_id === null ? null : secondsOf(answer.reply_duration_ms),
    replied_at: formatTimestamp(answer.replied_at),
    mark: markOrNull(answer.reply_mark_hundredths, answer.reply_mark_out_of),
  };
}

/** A student's own recording, to hear again after sending it. */
export function recordingOf(
  { caller, fileUrl }: Asker,
  answer: { file_id: number; duration_ms: number | string | null },
) {
  return {
    file_url: fileUrl(answer.file_id, caller.id),
    duration_seconds: secondsOf(answer.duration_ms),
  };
}

/** A question in the administrator's list, with how many answered it. */
export function adminQuestionOf(
  question: Parameters<typeof questionOf>[0] & {
    answers_count: number | string | null;
    audience: string;
    /** 1 when the caller may change it (auth/reach.ts changeableQuestions). */
    changeable: number | string;
  },
) {
  return {
    ...questionOf(question),
    answers_count: Number(question.answers_count ?? 0),
    audience: question.audience,
    can_change: Number(question.changeable) === 1,
  };
}

/** An answer in the administrator's list, with its reply and the cards made from it. */
export function answerOf(
  asker: Asker,
  answer: Parameters<typeof replyOf>[1] &
    Parameters<typeof recordingOf>[1] & {
      id: number;
      user_id: number;
      user_name: string;
      created_at: number;
      file_name: string;
    },
  cards: { id: number; front_text: string; back_text: string }[],
) {
  return {
    id: answer.id,
    user_id: answer.user_id,
    user_name: answer.user_name,
    created_at: formatTimestamp(answer.created_at),
    file_name: answer.file_name,
    ...recordingOf(asker, answer),
    reply: replyOf(asker, answer),
    cards,
  };
}

/** A replied answer in the student's results: the reply beside the recording it answers. */
export function repliedAnswerOf(
  asker: Asker,
  answer: Parameters<typeof replyOf>[1] &
    Parameters<typeof recordingOf>[1] & { id: number; question_text: string; created_at: number },
) {
  const reply = replyOf(asker, answer);
  if (!reply) return null;
  const recording = recordingOf(asker, answer);
  return {
    ...reply,
    answer_id: answer.id,
    question_text: answer.question_text,
    answered_at: formatTimestamp(answer.created_at),
    answer_url: recording.file_url,
    answer_seconds: recording.duration_seconds,
  };
}
