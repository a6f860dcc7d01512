import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { failureText } from '../../api/failure-text';
import { paths } from '../../shared/paths';
import { Button, Card, ConfirmPopup, Popup, QueryView, Screen, Stack } from '../../ui';
import { CardTextFields } from './card-text-fields';
import styles from './flashcards.module.css';
import { type Card as Flashcard, useDeleteCard, useEditCard, useLibrary } from './use-flashcards';

/** The spec's message for a failed call: with the server's reason when it gave one. */
function failure(error: unknown, action: 'fetching' | 'updating' | 'deleting'): string {
  return action === 'fetching'
    ? failureText(error, {
        refusalPrefix: 'Error fetching cards: ',
        fallback: 'An error occurred while fetching cards.',
      })
    : failureText(error, {
        refusalPrefix: `Error ${action} card: `,
        fallback: `An error occurred while ${action} the card.`,
      });
}

function EditForm({ card, onDone }: { card: Flashcard; onDone: (message: string | null) => void }) {
  const edit = useEditCard();
  const [front, setFront] = useState(card.front_text);
  const [back, setBack] = useState(card.back_text);
  const handleSave = () => {
    // An empty text: the save does nothing, as the spec says.
    if (!front.trim() || !back.trim()) return;
    edit.mutate(
      { id: card.id, front: front.trim(), back: back.trim() },
      {
        onSuccess: () => onDone('Card updated successfully'),
        onError: (error) => onDone(failure(error, 'updating')),
      },
    );
  };
  return (
    <Stack gap="sm">
      <CardTextFields front={front} back={back} onFront={setFront} onBack={setBack} />
      <div className={styles.actions}>
        <Button size="small" onClick={handleSave} disabled={edit.isPending}>
          Save Changes
        </Button>
        <Button size="small" variant="secondary" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
    </Stack>
  );
}

/** /cardlibrary: the student's cards, with Edit and Delete. */
export default function CardLibraryScreen() {
  const library = useLibrary();
  const remove = useDeleteCard();
  const [editing, setEditing] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<Flashcard | null>(null);
  const [popup, setPopup] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);

  // "Popups show success or error messages": a fetch that leaves nothing to show too.
  const fetchError = library.data ? null : library.error;
  useEffect(() => {
    if (!fetchError) return;
    console.error('Could not fetch cards', fetchError);
    setPopup(failure(fetchError, 'fetching'));
  }, [fetchError]);

  /**
   * The form closes and focus goes back to the card's Edit button, before any popup opens,
   * so closing the popup returns there too.
   */
  const handleEditDone = (cardId: number, message: string | null) => {
    flushSync(() => setEditing(null));
    list.current?.querySelector<HTMLButtonElement>(`[data-edit-card="${cardId}"]`)?.focus();
    if (message) setPopup(message);
  };

  const handleDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => setPopup('Card deleted successfully'),
      onError: (error) => setPopup(failure(error, 'deleting')),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <Screen title="Card Library" back={{ to: paths.leitnerBox, label: 'Back to Leitner Box' }}>
      <QueryView
        query={library}
        loading="Loading cards..."
        // The failure itself is said in a popup (above); the page offers to try again.
        error={
          <div>
            <Button variant="secondary" onClick={() => void library.refetch()}>
              Try again
            </Button>
          </div>
        }
        empty="No cards available"
        isEmpty={(data) => data.cards.length === 0}
      >
        {(data) => (
          <ul ref={list} className={styles.grid} aria-label="Your cards">
            {data.cards.map((card) => (
              <li key={card.id}>
                <Card className={styles.libraryCard}>
                  {editing === card.id ? (
                    <EditForm card={card} onDone={(message) => handleEditDone(card.id, message)} />
                  ) : (
                    <>
                      {card.from_teacher === 1 && (
                        <span className={styles.fromTeacher}>From your teacher</span>
                      )}
                      <span className={styles.label}>Front</span>
                      <p className={styles.text}>{card.front_text}</p>
                      <span className={styles.label}>Back</span>
                      <p className={styles.text}>{card.back_text}</p>
                      <div className={styles.actions}>
                        <Button
                          data-edit-card={card.id}
                          size="small"
                          variant="secondary"
                          onClick={() => setEditing(card.id)}
                          aria-label={`Edit ${card.front_text}`}
                        >
                          <Pencil size={16} aria-hidden="true" /> Edit
                        </Button>
                        <Button
                          size="small"
                          variant="secondary"
                          onClick={() => setToDelete(card)}
                          aria-label={`Delete ${card.front_text}`}
                        >
                          <Trash2 size={16} aria-hidden="true" /> Delete
                        </Button>
                      </div>
                    </>
                  )}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <ConfirmPopup
        open={toDelete !== null}
        title="Delete card"
        confirmLabel="Yes, Delete"
        busy={remove.isPending}
        onConfirm={handleDelete}
        onCancel={() => setToDelete(null)}
      >
        Are you sure you want to delete this card?
      </ConfirmPopup>
      <Popup open={popup !== null} title="Card Library" onClose={() => setPopup(null)}>
        <p>{popup}</p>
      </Popup>
    </Screen>
  );
}
