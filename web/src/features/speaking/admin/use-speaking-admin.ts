import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useRefreshingCall, useRefreshingMutation } from '../../../api/refreshing-mutation';
import { type MarkInput, markPayload } from '../../../components';

// The keys stay under 'skill-admin': the admin's content screen holds the speaking tab, and
// the live updates refresh both with that one prefix (app/live-updates.ts).

export const useSpeakingQuestions = () =>
  useQuery({
    queryKey: queryKeys.skillAdmin.speaking(),
    queryFn: () => call('listSpeakingQuestions', {}),
  });

export const useSpeakingAnswers = (questionId: number) =>
  useQuery({
    queryKey: queryKeys.skillAdmin.answersTo(questionId),
    queryFn: () => call('speakingAnswers', { question_id: questionId }),
  });

export const useSaveSpeakingQuestion = () =>
  useRefreshingCall('saveSpeakingQuestion', queryKeys.skillAdmin.speaking());

export const useDeleteSpeakingQuestion = () =>
  useRefreshingMutation(
    (id: number) => call('deleteSpeakingQuestion', { id }),
    queryKeys.skillAdmin.speaking(),
  );

/** The administrator's reply to a speaking answer: text, a recording, or both (issue 21). */
export const useReplySpeakingAnswer = () =>
  useRefreshingMutation(
    (reply: {
      answerId: number;
      text: string;
      audio: File | null;
      removeAudio: boolean;
      /** The mark (issue 30) as typed; a reply sent again without one has none. */
      mark: MarkInput;
    }) =>
      call('replySpeakingAnswer', {
        ...markPayload(reply.mark),
        answer_id: reply.answerId,
        reply_text: reply.text,
        ...(reply.audio ? { reply_audio: reply.audio } : {}),
        ...(reply.removeAudio ? { remove_audio: '1' as const } : {}),
      }),
    queryKeys.skillAdmin.speakingAnswers,
  );
