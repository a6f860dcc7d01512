import { MAX_CARD_TEXT } from '@academy/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { failureText } from '../../api/failure-text';
import { Button, Card, Message, TextField } from '../../ui';
import styles from './flashcards.module.css';
import { useAddTeacherCards } from './use-flashcards';

interface Row {
  key: number;
  front: string;
  back: string;
}

let nextKey = 1;
const emptyRow = (): Row => ({ key: nextKey++, front: '', back: '' });
const cardWords = (n: number) => (n === 1 ? '1 card' : `${n} cards`);

/**
 * Corrections become cards (issue 21, point 3): while correcting, the teacher writes the
 * mistakes as cards (front and back) straight into the student's Leitner box, marked as from
 * the teacher; the student practises them like their own.
 */
export function TeacherCards({
  studentId,
  studentName,
  speakingAnswerId,
}: {
  studentId: number;
  studentName?: string;
  /** The speaking answer the cards are made from: the speaking panel lists them under it. */
  speakingAnswerId?: number;
}) {
  const add = useAddTeacherCards();
  const [rows, setRows] = useState<Row[]>(() => [emptyRow()]);
  const [note, setNote] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const filled = rows.filter((r) => r.front.trim() || r.back.trim());
  const title = `Cards for ${studentName ?? 'this student'}`;

  const update = (key: number, change: Partial<Row>) => {
    setNote(null);
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));
  };

  const handleAdd = () => {
    if (filled.length === 0) {
      setNote({ tone: 'error', text: 'Write at least one card.' });
      return;
    }
    if (filled.some((r) => !r.front.trim() || !r.back.trim())) {
      setNote({ tone: 'error', text: 'Please fill in both fields!' });
      return;
    }
    add.mutate(
      {
        studentId,
        ...(speakingAnswerId ? { speakingAnswerId } : {}),
        cards: filled.map((r) => ({ front: r.front.trim(), back: r.back.trim() })),
      },
      {
        onSuccess: (count) => {
          setNote({ tone: 'success', text: `${cardWords(count)} added to the Leitner box.` });
          setRows([emptyRow()]);
        },
        onError: (error) =>
          setNote({
            tone: 'error',
            text: failureText(error, {
              fallback: 'The cards could not be added. Please try again.',
            }),
          }),
      },
    );
  };

  return (
    <Card title={title}>
      <p className={styles.hint}>
        Turn mistakes into cards: they go into the student's Leitner box, marked as from you, and
        come up in their Flashcard Challenge.
      </p>
      {rows.map((row, index) => (
        <div key={row.key} className={styles.teacherCard}>
          <TextField
            label={`Card ${index + 1} front`}
            value={row.front}
            maxLength={MAX_CARD_TEXT}
            onChange={(e) => update(row.key, { front: e.target.value })}
          />
          <TextField
            label={`Card ${index + 1} back`}
            value={row.back}
            maxLength={MAX_CARD_TEXT}
            onChange={(e) => update(row.key, { back: e.target.value })}
          />
          <Button
            variant="ghost"
            size="small"
            aria-label={`Remove card ${index + 1}`}
            onClick={() =>
              setRows((list) =>
                list.length === 1 ? [emptyRow()] : list.filter((r) => r.key !== row.key),
              )
            }
          >
            <Trash2 size={16} aria-hidden="true" /> Remove
          </Button>
        </div>
      ))}
      <div className={styles.actions}>
        <Button variant="secondary" size="small" onClick={() => setRows((l) => [...l, emptyRow()])}>
          <Plus size={16} aria-hidden="true" /> Another card
        </Button>
        <Button onClick={handleAdd} disabled={add.isPending}>
          {add.isPending
            ? 'Adding...'
            : `Add ${filled.length > 1 ? cardWords(filled.length) : 'card'} to the box`}
        </Button>
      </div>
      {note && <Message tone={note.tone}>{note.text}</Message>}
    </Card>
  );
}
