import { termProblem } from '@academy/contract/terms';
import { saveFailure } from '../../api/save-failure';
import { type Term, useSaveTerm } from '../../api/terms';
import { FieldRow, Form, FormActions, TextField, useFields, useFormOutcome } from '../../ui';
import styles from './settings.module.css';

/**
 * A term added (editing null) or changed: its name and first and last day, checked as the
 * server checks them (contract/src/terms.ts) before sending; the server alone knows the other
 * terms' days, and says which one a term would overlap. Keyed by the term edited, so each
 * edit starts from that term's values.
 */
export function TermForm({
  editing,
  onDone,
}: {
  editing: Term | null;
  /** Called with the server's words once saved, or with nothing when the edit is cancelled. */
  onDone: (message?: string) => void;
}) {
  const save = useSaveTerm();
  const { values, bind, reset } = useFields({
    name: editing?.name ?? '',
    first_day: editing?.first_day ?? '',
    last_day: editing?.last_day ?? '',
  });
  const outcome = useFormOutcome(() => termProblem(values));
  const handleSend = () =>
    save.mutate(
      { ...(editing ? { id: editing.id } : {}), ...values, name: values.name.trim() },
      {
        onSuccess: (answer) => {
          reset();
          onDone(answer.message);
        },
        onError: (error) => outcome.fail(saveFailure(error)),
      },
    );

  return (
    <Form
      onSend={handleSend}
      outcome={outcome}
      aria-label={editing ? `Edit the term ${editing.name}` : 'Add a term'}
    >
      <h3 className={styles.subheading}>{editing ? `Edit ${editing.name}` : 'Add a term'}</h3>
      <TextField label="Term name" maxLength={60} {...bind('name')} />
      <FieldRow>
        <TextField label="First day" type="date" {...bind('first_day')} />
        <TextField label="Last day" type="date" {...bind('last_day')} />
      </FieldRow>
      <FormActions
        outcome={outcome}
        label={editing ? 'Save term' : 'Add term'}
        busy={save.isPending}
        onCancel={editing ? () => onDone() : undefined}
        fill
      />
    </Form>
  );
}
