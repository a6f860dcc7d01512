import type { CallResponse } from '@academy/contract';
import { useFeedbackOpened } from '../../api/waiting-counts';
import { AudioPlayer } from '../../media/audio-player';
import { TeacherReply } from '../../media/teacher-reply';
import { paths } from '../../shared/paths';
import { Card, Message, QueryView, Screen } from '../../ui';
import { AnswerForm } from './answer-form';
import { useOpenSpeakingQuestions, useSpeakingStatus } from './use-speaking';

type OpenQuestion = CallResponse<'getOpenSpeakingQuestions'>['questions'][number];

/**
 * /speaking-screen: every question open to the student (issue 29, point 5: for everyone, or
 * for their class or them), each with one recorded answer, uploaded with progress.
 */
export default function SpeakingScreen() {
  const questions = useOpenSpeakingQuestions();
  // Skill Builder's count of new replies goes once the student is here (issue 27).
  useFeedbackOpened('skill_builder');
  return (
    <Screen
      title="Speaking"
      back={{ to: paths.skillBuilder, label: 'Back to Skill Builder' }}
      width="narrow"
    >
      <QueryView
        query={questions}
        error="Error fetching question."
        isEmpty={(data) => data.questions.length === 0}
        empty={<Message tone="info">No active question available at this time.</Message>}
      >
        {(data) => data.questions.map((q) => <QuestionCard key={q.id} question={q} />)}
      </QueryView>
    </Screen>
  );
}

/** One open question: the answer form, then what was sent and the teacher's reply. */
function QuestionCard({ question }: { question: OpenQuestion }) {
  const status = useSpeakingStatus(question.id);
  const sent = status.data;
  return (
    <Card aria-label={question.question_text}>
      <AnswerForm
        question={question}
        isAnswered={question.answered || sent?.status === 'answered'}
        onRefused={() => void status.refetch()}
      />
      {/* Issue 27, point 18: once sent, the student can hear what they sent. */}
      {sent?.answer && (
        <AudioPlayer
          src={sent.answer.file_url}
          label="Your answer, recorded"
          caption="Your answer"
          seconds={sent.answer.duration_seconds}
        />
      )}
      {sent?.reply && (
        <TeacherReply
          text={sent.reply.reply_text}
          audioUrl={sent.reply.reply_audio_url}
          audioSeconds={sent.reply.reply_audio_seconds}
          at={sent.reply.replied_at}
          mark={sent.reply.mark}
        />
      )}
    </Card>
  );
}
