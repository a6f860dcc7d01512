import { ActionRow, Button, Card, RecordActions, Stack } from '../../ui';
import { libraryFailure } from './card-library-failure';
import { CardTextFields, useCardTexts } from './card-text-fields';
import styles from './flashcards.module.css';
import { type Card as Flashcard, useEditCard } from './use-flashcards';

/** A card's Front and Back edited in place; `onDone` with what to say, or null on Cancel. */
function CardEditForm({
  card,
  onDone,
}: {
  card: Flashcard;
  onDone: (message: string | null) => void;
}) {
  const edit = useEditCard();
  const texts = useCardTexts(card);
  const handleSave = () => {
    // An empty text: the save does nothing, as the spec says.
    if (texts.isBlank) return;
    edit.mutate(texts.change, {
      onSuccess: () => onDone('Card updated successfully'),
      onError: (error) => onDone(libraryFailure(error, 'updating')),
    });
  };
  return (
    <Stack gap="sm">
      <CardTextFields texts={texts} />
      <ActionRow className={styles.actions}>
        <Button size="small" onClick={handleSave} disabled={edit.isPending}>
          Save Changes
        </Button>
        <Button size="small" variant="secondary" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </ActionRow>
    </Stack>
  );
}

interface LibraryCardProps {
  card: Flashcard;
  isEditing: boolean;
  onEdit: () => void;
  onEditDone: (message: string | null) => void;
  onDelete: () => void;
}

/**
 * One card of the library: its two sides with Edit and Delete, or its edit form. The actions
 * carry the card's id, so the screen can put focus back on its Edit when the form closes.
 */
export function LibraryCard({ card, isEditing, onEdit, onEditDone, onDelete }: LibraryCardProps) {
  return (
    <Card className={styles.libraryCard}>
      {isEditing ? (
        <CardEditForm card={card} onDone={onEditDone} />
      ) : (
        <>
          {card.from_teacher === 1 && <span className={styles.fromTeacher}>From your teacher</span>}
          <span className={styles.label}>Front</span>
          <p className={styles.text}>{card.front_text}</p>
          <span className={styles.label}>Back</span>
          <p className={styles.text}>{card.back_text}</p>
          <div className={styles.cardFoot} data-card-actions={card.id}>
            <RecordActions name={card.front_text} onEdit={onEdit} onDelete={onDelete} />
          </div>
        </>
      )}
    </Card>
  );
}
