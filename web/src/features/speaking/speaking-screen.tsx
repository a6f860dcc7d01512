import { AudioPlayer } from '../../media/audio-player';
import { TeacherReply } from '../../media/teacher-reply';
import { paths } from '../../shared/paths';
import { Card, Message, QueryView, Screen } from '../../ui';
import { useFeedbackOpened } from '../notifications/use-notifications';
import { AnswerForm } from './answer-form';
import { useSpeakingQuestion, useSpeakingStatus } from './use-speaking';

/** /speaking-screen: the active question and one recorded answer per student, uploaded with progress. */
export default function SpeakingScreen() {
  const question = useSpeakingQuestion();
  const active = question.data?.success ? question.data.data : null;
  const status = useSpeakingStatus(active?.id);
  // Skill Builder's count of new replies goes once the student is here (issue 27).
  useFeedbackOpened('skill_builder');
  const sent = status.data;

  return (
    <Screen
      title="Speaking"
      back={{ to: paths.skillBuilder, label: 'Back to Skill Builder' }}
      width="narrow"
    >
      <QueryView query={question} error="Error fetching question.">
        {() =>
          active ? (
            <Card>
              <AnswerForm
                question={active}
                isAnswered={sent?.status === 'answered'}
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
                />
              )}
            </Card>
          ) : (
            <Message tone="info">{question.data?.message || 'No active question found.'}</Message>
          )
        }
      </QueryView>
    </Screen>
  );
}
