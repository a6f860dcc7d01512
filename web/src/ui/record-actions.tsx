import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from './button';
import styles from './record-actions.module.css';

interface RecordActionsProps {
  /** The record as a screen reader names it in each button: 'Edit Unit 3', 'Delete Unit 3'. */
  name: string;
  onEdit?: () => void;
  onDelete?: () => void;
  /** Delete in the danger colour (where it sits among other account actions), not plain. */
  isDeleteDanger?: boolean;
  /** Without the pencil and bin icons (a table's tight cell). */
  isPlain?: boolean;
  /** At the right edge of its card or panel rather than the left. */
  alignEnd?: boolean;
  /** More buttons for the record, between Edit and Delete. */
  children?: ReactNode;
}

/**
 * What a listed record offers: Edit, the record's own actions, then Delete, each a small
 * button whose accessible name says which record it acts on (a list holds many Edit buttons).
 */
export function RecordActions({
  name,
  onEdit,
  onDelete,
  isDeleteDanger = false,
  isPlain = false,
  alignEnd = false,
  children,
}: RecordActionsProps) {
  return (
    <div className={alignEnd ? `${styles.actions} ${styles.end}` : styles.actions}>
      {onEdit && (
        <Button variant="secondary" size="small" onClick={onEdit} aria-label={`Edit ${name}`}>
          {!isPlain && <Pencil size={16} aria-hidden="true" />} Edit
        </Button>
      )}
      {children}
      {onDelete && (
        <Button
          variant={isDeleteDanger ? 'danger' : 'secondary'}
          size="small"
          onClick={onDelete}
          aria-label={`Delete ${name}`}
        >
          {!isPlain && <Trash2 size={16} aria-hidden="true" />} Delete
        </Button>
      )}
    </div>
  );
}

/**
 * A row of buttons side by side, wrapping on a narrow screen: a record's own buttons, a form's
 * Cancel and Save, a screen's tools. `className` adds to the look (buttons that share the width).
 */
export function ActionRow({
  alignEnd = false,
  fill = false,
  className,
  children,
}: {
  alignEnd?: boolean;
  /** The buttons share the row's width: on a phone, large buttons side by side (a form's). */
  fill?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const names = [styles.actions, alignEnd && styles.end, fill && styles.fill, className]
    .filter(Boolean)
    .join(' ');
  return <div className={names}>{children}</div>;
}

/** Opens a listed record's own page: 'Open B1 Monday' to a screen reader, 'Open' on the button. */
export function OpenButton({ name, to }: { name: string; to: string }) {
  const navigate = useNavigate();
  return (
    <Button
      variant="secondary"
      size="small"
      onClick={() => navigate(to)}
      aria-label={`Open ${name}`}
    >
      Open
    </Button>
  );
}
