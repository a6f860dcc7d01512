import { Layers } from 'lucide-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { failureText } from '../../../api/failure-text';
import {
  ActionRow,
  Button,
  CancelAndSubmit,
  ConfirmPopup,
  Form,
  FormMessage,
  Meta,
  RecordActions,
  useConfirmedChange,
  useFormOutcome,
} from '../../../ui';
import { CardTextFields } from '../../flashcards/card-text-fields';
import { TeacherCards } from '../../flashcards/teacher-cards';
import { useDeleteCard, useEditCard } from '../../flashcards/use-flashcards';
import styles from './speaking-admin.module.css';

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
  const [front, setFront] = useState(card.front_text);
  const [back, setBack] = useState(card.back_text);
  const outcome = useFormOutcome(() =>
    !front.trim() || !back.trim() ? 'Both texts are needed.' : null,
  );

  const handleSend = () =>
    edit.mutate(
      { id: card.id, front: front.trim(), back: back.trim() },
      {
        onSuccess: () => onDone(true),
        onError: (error) =>
          outcome.fail(
            failureText(error, { fallback: 'The card could not be saved. Please try again.' }),
          ),
      },
    );

  return (
    <Form
      onSend={handleSend}
      outcome={outcome}
      className={styles.cardForm}
      aria-label={`Edit card ${card.front_text}`}
    >
      <CardTextFields front={front} back={back} onFront={setFront} onBack={setBack} />
      <FormMessage outcome={outcome} />
      <ActionRow alignEnd>
        <CancelAndSubmit
          size="small"
          label="Save card"
          busy={edit.isPending}
          onCancel={() => onDone(false)}
        />
      </ActionRow>
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
  const message = useFormOutcome();
  const deleting = useConfirmedChange(
    useDeleteCard(answer.user_id),
    (card: AnswerCard) => card.id,
    {
      onSuccess: () => message.succeed('The card was deleted.'),
      onError: (error) =>
        message.fail(failureText(error, { fallback: 'The card could not be deleted.' })),
    },
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
        <Button
          variant="ghost"
          size="small"
          aria-expanded={adding}
          onClick={() => setAdding(!adding)}
        >
          <Layers size={16} aria-hidden="true" />{' '}
          {adding ? 'Hide cards' : `Add cards for ${answer.user_name}`}
        </Button>
      </div>
      {adding && (
        <TeacherCards
          studentId={answer.user_id}
          studentName={answer.user_name}
          speakingAnswerId={answer.id}
        />
      )}
      <ConfirmPopup {...deleting.popup} title="Delete card" confirmLabel="Yes, Delete">
        {`Delete the card “${deleting.subject?.front_text ?? ''}” from ${answer.user_name}’s Leitner box?`}
      </ConfirmPopup>
    </div>
  );
}
