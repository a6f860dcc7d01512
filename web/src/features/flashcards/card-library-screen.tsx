import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { paths } from '../../shared/paths';
import { Button, ConfirmPopup, Popup, QueryView, Screen, useConfirmedChange } from '../../ui';
import { libraryFailure } from './card-library-failure';
import styles from './flashcards.module.css';
import { LibraryCard } from './library-card';
import { type Card as Flashcard, useDeleteCard, useLibrary } from './use-flashcards';

/** /cardlibrary: the student's cards, with Edit and Delete. */
export default function CardLibraryScreen() {
  const library = useLibrary();
  const [editing, setEditing] = useState<number | null>(null);
  const [popup, setPopup] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const deleting = useConfirmedChange(useDeleteCard(), (card: Flashcard) => card.id, {
    onSuccess: () => setPopup('Card deleted successfully'),
    onError: (error) => setPopup(libraryFailure(error, 'deleting')),
  });

  // "Popups show success or error messages": a fetch that leaves nothing to show too.
  const fetchError = library.data ? null : library.error;
  useEffect(() => {
    if (!fetchError) return;
    console.error('Could not fetch cards', fetchError);
    setPopup(libraryFailure(fetchError, 'fetching'));
  }, [fetchError]);

  /**
   * The form closes and focus goes back to the card's Edit button, before any popup opens,
   * so closing the popup returns there too.
   */
  const handleEditDone = (cardId: number, message: string | null) => {
    flushSync(() => setEditing(null));
    list.current
      ?.querySelector<HTMLButtonElement>(`[data-card-actions="${cardId}"] button`)
      ?.focus();
    if (message) setPopup(message);
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
                <LibraryCard
                  card={card}
                  isEditing={editing === card.id}
                  onEdit={() => setEditing(card.id)}
                  onEditDone={(message) => handleEditDone(card.id, message)}
                  onDelete={() => deleting.ask(card)}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <ConfirmPopup {...deleting.popup} title="Delete card" confirmLabel="Yes, Delete">
        Are you sure you want to delete this card?
      </ConfirmPopup>
      <Popup open={popup !== null} title="Card Library" onClose={() => setPopup(null)}>
        <p>{popup}</p>
      </Popup>
    </Screen>
  );
}
