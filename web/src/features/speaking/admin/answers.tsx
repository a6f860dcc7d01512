import { Download, MessageSquareText } from 'lucide-react';
import { StudentLink } from '../../../components';
import { formatLongDateTime } from '../../../lib/dates';
import { resolveFileUrl } from '../../../lib/file-links';
import { AudioPlayer } from '../../../media/audio-player';
import { ItemList, Meta, QueryView } from '../../../ui';
import { Disclosure } from '../../../ui/disclosure';
import { AnswerCards } from '../../flashcards/answer-cards';
import { ReplyForm } from './reply-form';
import styles from './speaking-admin.module.css';
import { useSpeakingAnswers } from './use-speaking-admin';

/**
 * Each student's recorded answer: play it here or download it, reply to it, and the cards
 * made from it (listed, edited, deleted, added).
 */
function AnswerList({ questionId }: { questionId: number }) {
  const answers = useSpeakingAnswers(questionId);
  return (
    <QueryView query={answers} error="Failed to load the answers.">
      {(data) => (
        <ItemList label="Answers">
          {data.answers.map((a) => (
            <div key={a.id} className={styles.answer}>
              <StudentLink id={a.user_id}>{a.user_name}</StudentLink>
              <Meta>{formatLongDateTime(a.created_at)}</Meta>
              <AudioPlayer
                src={a.file_url}
                label={`Answer of ${a.user_name}`}
                caption="Student’s answer"
                seconds={a.duration_seconds}
              />
              <a href={resolveFileUrl(a.file_url)} download={a.file_name}>
                <Download size={14} aria-hidden="true" /> Download
              </a>
              <ReplyForm answer={a} />
              <AnswerCards answer={a} />
            </div>
          ))}
        </ItemList>
      )}
    </QueryView>
  );
}

/** A question's answers, folded until the administrator opens them. */
export function Answers({ questionId, count }: { questionId: number; count: number }) {
  return (
    <Disclosure
      icon={MessageSquareText}
      label={count === 0 ? 'No answers yet' : `${count} answer${count === 1 ? '' : 's'}`}
      isEmpty={count === 0}
    >
      {() => <AnswerList questionId={questionId} />}
    </Disclosure>
  );
}
