import { ChevronDown, ChevronRight } from 'lucide-react';
import styles from './flashcards.module.css';
import { StudentCards } from './student-cards';

interface CardOwner {
  user_id: number;
  user_name: string;
  cards_count: number;
  due_count: number;
}

/** A student who has cards: their name and counts, opening onto their chart and cards. */
export function CardOwnerGroup({
  owner,
  isOpen,
  onToggle,
}: {
  owner: CardOwner;
  isOpen: boolean;
  onToggle: () => void;
}) {
  const Chevron = isOpen ? ChevronDown : ChevronRight;
  return (
    <section aria-label={owner.user_name}>
      <button type="button" className={styles.owner} aria-expanded={isOpen} onClick={onToggle}>
        <span>
          <Chevron size={18} aria-hidden="true" /> {owner.user_name}
        </span>
        <span className={styles.count}>
          {owner.cards_count} card{owner.cards_count === 1 ? '' : 's'}, {owner.due_count} due
        </span>
      </button>
      {isOpen && (
        <StudentCards studentId={owner.user_id} name={owner.user_name} count={owner.cards_count} />
      )}
    </section>
  );
}
