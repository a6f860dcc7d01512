import { Plus } from 'lucide-react';
import { Fragment, type ReactNode, useState } from 'react';
import { Button } from './button';
import type { FormOutcome } from './form';
import { FormActions } from './form-actions';

/** Which record a panel's form is open for: none, a new one, or one of the list. */
export interface RecordEditor<T> {
  editing: T | 'new' | null;
  edit: (record: T | 'new') => void;
  /** The form closed; a saved record's message (the server's) is shown beneath it. */
  done: (message: string) => void;
}

export function useRecordEditor<T>(message: FormOutcome): RecordEditor<T> {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return {
    editing,
    edit: (record) => setEditing(() => record),
    done: (text) => {
      setEditing(null);
      if (text) message.succeed(text);
    },
  };
}

/**
 * The New button of a panel's list (the exams, a kind of item, the speaking questions), or in
 * its place the form for the record being made or edited, drawn afresh for each record.
 */
export function RecordEditorSlot<T extends { id: number }>({
  editor,
  newLabel,
  children,
}: {
  editor: RecordEditor<T>;
  newLabel: string;
  children: (record: T | undefined, onDone: (message: string) => void) => ReactNode;
}) {
  const { editing } = editor;
  if (editing === null)
    return (
      <div>
        <Button onClick={() => editor.edit('new')}>
          <Plus size={18} aria-hidden="true" /> {newLabel}
        </Button>
      </div>
    );
  return (
    <Fragment key={editing === 'new' ? 'new' : editing.id}>
      {children(editing === 'new' ? undefined : editing, editor.done)}
    </Fragment>
  );
}

/** The end of a record's form: its message, then Cancel and Save at its right edge. */
export function SaveOrCancel({
  outcome,
  busy,
  onCancel,
}: {
  outcome: FormOutcome;
  busy: boolean;
  onCancel: () => void;
}) {
  return <FormActions outcome={outcome} label="Save" busy={busy} onCancel={onCancel} alignEnd />;
}
