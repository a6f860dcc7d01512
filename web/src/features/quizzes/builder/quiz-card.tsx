import type { CallResponse } from '@academy/contract';
import { hrefs } from '../../../shared/paths';
import { ButtonLink, ItemCard, OpenButton, RecordActions, Tag } from '../../../ui';
import { KIND_WORDS, reachWords, rulesWords, windowWords } from './words';

export type QuizRow = CallResponse<'listQuizzes'>['quizzes'][number];

/**
 * One quiz of the list: its kind, window, rules, who it went to and how far they are; Open
 * leads to its builder (read-only for a teacher's colleague's quiz: the server says whose),
 * Attempts to each student's attempts.
 */
export function QuizCard({ quiz, zone }: { quiz: QuizRow; zone: string | undefined }) {
  const name = `quiz “${quiz.title}”`;
  return (
    <ItemCard
      title={quiz.title}
      meta={
        <p>
          <Tag tone={quiz.kind === 'placement' ? 'warning' : 'info'}>{KIND_WORDS[quiz.kind]}</Tag>
        </p>
      }
      lines={[
        quiz.tag && `Tag: ${quiz.tag}`,
        windowWords(quiz.access_start, quiz.access_end, zone),
        rulesWords(quiz),
        reachWords(quiz),
      ]}
      actions={
        <RecordActions name={name}>
          <OpenButton name={name} to={hrefs.quiz(quiz.id)} />
          <ButtonLink
            to={hrefs.quizAttempts(quiz.id)}
            size="small"
            aria-label={`Attempts at ${name}`}
          >
            Attempts
          </ButtonLink>
        </RecordActions>
      }
    />
  );
}
