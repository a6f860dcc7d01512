import { ITEM_TYPE_WORDS } from '@academy/contract/quizzes/item-rules';
import type { ItemType } from '@academy/contract/quizzes/items';
import { useState } from 'react';
import { explainFailure } from '../../../api/failure-text';
import {
  Card,
  Form,
  FormMessage,
  Options,
  SelectField,
  SubmitButton,
  TextAreaField,
  useFormOutcome,
} from '../../../ui';
import styles from './bank.module.css';
import {
  blankParts,
  type Draft,
  draftProblems,
  HAND_MADE_TYPES,
  saveRequestOf,
} from './editor-state';
import { ItemTagFields } from './item-tag-fields';
import { PartsFields } from './parts-fields';
import { PassageField } from './passage-field';
import { useSaveItem } from './use-bank';

/**
 * The item editor's form: the prompt, the kind, the passage it stands on, the kind's own
 * fields and key, the tags and points, and the general feedback. What is wrong between the key and the body is said as the
 * teacher types; the rest when they save, as the server would say it, and the server's
 * refusals (not theirs to change, a kind already answered) under the button.
 */
export function ItemForm({
  initial,
  itemId,
  onSaved,
}: {
  initial: Draft;
  itemId?: number;
  onSaved: (answer: { id: number; message: string }) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const save = useSaveItem();
  const outcome = useFormOutcome(() => draftProblems(draft, true)[0] ?? null);
  const problems = draftProblems(draft);
  const type: ItemType = draft.parts.type;
  const change = (next: Partial<Draft>) => setDraft((d) => ({ ...d, ...next }));

  const handleSend = () =>
    save.mutate(saveRequestOf(draft, itemId), {
      onSuccess: (answer) => onSaved({ id: answer.id, message: answer.message }),
      onError: (error) =>
        outcome.fail(explainFailure('The item could not be saved. Please try again.')(error)),
    });

  return (
    <Card>
      <Form onSend={handleSend} outcome={outcome}>
        <TextAreaField
          label="Prompt"
          hint="The question or instruction the student reads above the answer."
          rows={3}
          value={draft.prompt}
          onChange={(e) => change({ prompt: e.target.value })}
        />
        <SelectField
          label="Kind of item"
          hint="Changing the kind starts its answer afresh."
          value={type}
          onChange={(e) => change({ parts: blankParts(e.target.value as ItemType) })}
        >
          <Options values={HAND_MADE_TYPES} label={(t) => ITEM_TYPE_WORDS[t]} />
        </SelectField>
        <PassageField
          value={draft.passage}
          type={type}
          onChange={(passage) => change({ passage })}
        />
        <PartsFields parts={draft.parts} onChange={(parts) => change({ parts })} />
        {problems.length > 0 && (
          <ul className={styles.problems} aria-label="To fix before saving" aria-live="polite">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        <ItemTagFields draft={draft} onChange={change} />
        <TextAreaField
          label="General feedback (optional)"
          hint="Shown in the review whatever was answered."
          rows={2}
          value={draft.feedback}
          onChange={(e) => change({ feedback: e.target.value })}
        />
        <FormMessage outcome={outcome} />
        <SubmitButton busy={save.isPending} busyLabel="Saving...">
          {itemId === undefined ? 'Add to the bank' : 'Save'}
        </SubmitButton>
      </Form>
    </Card>
  );
}
