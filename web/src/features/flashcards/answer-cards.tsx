import { Layers } from 'lucide-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { explainFailure } from '../../api/failure-text';
import {
  ConfirmDelete,
  Form,
  FormActions,
  FormMessage,
  Meta,
  RecordActions,
  useFormOutcome,
  useRecordDelete,
} from '../../ui';
import { DisclosureButton } from '../../ui/disclosure';
import styles from './answer-cards.module.css';
import { CardTextFields, useCardTexts } from './card-text-fields';
import { TeacherCards } from './teacher-cards';
import { useDeleteCard, useEditCard } from './use-flashcards';

interface AnswerCard {
  id: number;
  front_text: string;
  back_text: string;
}

interface AnswerWithCards {
  id: number;
  user_id: number;
  user_name: string;
  cards: AnswerCard[];
}

/** One card's inline edit, through the student's own card call made for the student. */
function EditCardForm({
  card,
  studentId,
  onDone,
}: {
  card: AnswerCard;
  studentId: number;
  onDone: (saved: boolean) => void;
}) {
  const edit = useEditCard(studentId);
  const texts = useCardTexts(card);
  const outcome = useFormOutcome(() => (texts.isBlank ? 'Both texts are needed.' : null));

  const handleSend = () =>
    edit.mutate(
      texts.change,
      outcome.reports(explainFailure('The card could not be saved. Please try again.'), () =>
        onDone(true),
      ),
    );

  return (
    <Form
      onSend={handleSend}
      outcome={outcome}
      className={styles.cardForm}
      aria-label={`Edit card ${card.front_text}`}
    >
      <CardTextFields texts={texts} />
      <FormActions
        outcome={outcome}
        label="Save card"
        busy={edit.isPending}
        onCancel={() => onDone(false)}
        size="small"
        alignEnd
      />
    </Form>
  );
}

/**
 * The cards a teacher made from a speaking answer (issue 27, point 18), listed under it with
 * Edit and Delete, and the form that adds more (issue 21 point 3): folded away until asked
 * for, since a question may have many answers.
 */
export function AnswerCards({ answer }: { answer: AnswerWithCards }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const { message, deleting } = useRecordDelete<AnswerCard>(
    useDeleteCard(answer.user_id),
    explainFailure('The card could not be deleted.'),
    'The card was deleted.',
  );
  const list = useRef<HTMLUListElement>(null);
  const listLabel = `Cards from ${answer.user_name}’s answer`;

  // The form closes and focus goes back to the card's Edit button (its first), which it replaced.
  const handleEditDone = (cardId: number, saved: boolean) => {
    flushSync(() => setEditing(null));
    list.current?.querySelector<HTMLButtonElement>(`[data-card="${cardId}"] button`)?.focus();
    if (saved) message.succeed('The card was saved.');
  };

  return (
    <div className={styles.answerCards}>
      <h4 className={styles.cardsTitle}>Cards from this answer</h4>
      {answer.cards.length === 0 ? (
        <Meta>No cards from this answer yet.</Meta>
      ) : (
        <ul ref={list} className={styles.cardList} aria-label={listLabel}>
          {answer.cards.map((card) => (
            <li key={card.id} className={styles.answerCard} data-card={card.id}>
              {editing === card.id ? (
                <EditCardForm
                  card={card}
                  studentId={answer.user_id}
                  onDone={(saved) => handleEditDone(card.id, saved)}
                />
              ) : (
                <>
                  <p className={styles.cardText}>
                    <span className={styles.cardFront}>{card.front_text}</span>
                    <span aria-hidden="true"> → </span>
                    <span className="visually-hidden">, back: </span>
                    <span>{card.back_text}</span>
                  </p>
                  <RecordActions
                    name={`card ${card.front_text}`}
                    onEdit={() => {
                      message.clear();
                      setEditing(card.id);
                    }}
                    onDelete={() => {
                      message.clear();
                      deleting.ask(card);
                    }}
                    alignEnd
                  />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <FormMessage outcome={message} />
      <div>
        <DisclosureButton icon={Layers} open={adding} onToggle={setAdding}>
          {adding ? 'Hide cards' : `Add cards for ${answer.user_name}`}
        </DisclosureButton>
      </div>
      {adding && (
        <TeacherCards
          studentId={answer.user_id}
          studentName={answer.user_name}
          speakingAnswerId={answer.id}
        />
      )}
      <ConfirmDelete confirm={deleting} title="Delete card">
        {(card) => `Delete the card “${card.front_text}” from ${answer.user_name}’s Leitner box?`}
      </ConfirmDelete>
    </div>
  );
}
