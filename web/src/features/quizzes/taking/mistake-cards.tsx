import { CheckCircle2 } from 'lucide-react';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { Button, Message } from '../../../ui';
import styles from './quizzes.module.css';
import { type ReviewItem, useMakeQuizCard } from './use-quizzes';

const makeFailure = explainFailure({
  network: NO_CONNECTION,
  fallback: 'The flashcard could not be made. Please try again.',
});

/**
 * The Leitner cards a question's mistakes may become (point 6): each shows its front and back,
 * and "Make a flashcard" puts it in the student's box; one made says so.
 */
export function MistakeCards({
  cards,
  position,
  attemptId,
}: {
  cards: NonNullable<ReviewItem['cards']>;
  position: number;
  attemptId: number;
}) {
  const make = useMakeQuizCard(attemptId);
  return (
    <ul className={styles.cards} aria-label="Flashcards from this question">
      {cards.map((card) => {
        const isThis = make.variables?.part === card.part;
        return (
          <li key={card.part ?? 'item'} className={styles.mistakeCard}>
            <p>
              <strong>Front:</strong> {card.front}
            </p>
            <p>
              <strong>Back:</strong> {card.back}
            </p>
            {card.made ? (
              <p className={styles.made}>
                <CheckCircle2 size={18} aria-hidden="true" /> In your flashcards
              </p>
            ) : (
              <Button
                variant="secondary"
                size="small"
                disabled={make.isPending}
                aria-label={`Make a flashcard: ${card.front}`}
                onClick={() => make.mutate({ position, part: card.part })}
              >
                {make.isPending && isThis ? 'Making…' : 'Make a flashcard'}
              </Button>
            )}
            {isThis && make.error && <Message tone="error">{makeFailure(make.error)}</Message>}
          </li>
        );
      })}
    </ul>
  );
}
