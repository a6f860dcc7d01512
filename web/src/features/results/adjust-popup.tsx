import { ADJUSTMENT_REASON_MAX, readScore, scoreText } from '@academy/contract/results';
import { useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingCall } from '../../api/refreshing-mutation';
import { Button, FormPopup, SelectField, TextField, useFields, useFormOutcome } from '../../ui';
import styles from './results.module.css';
import type { Sheet, SheetStudent } from './use-results';

type Kind = 'excused' | 'override' | 'none';

const KIND_WORDS: Record<Kind, string> = {
  excused: 'Excuse: leave it out of the total',
  override: 'Override with a score',
  none: 'Neither: the sheet’s own score',
};

/** What is wrong with the form before it is sent, in the server's words; null: nothing. */
export function adjustProblem(kind: Kind, score: string, reason: string): string | null {
  if (kind !== 'override') return null;
  const read = readScore(score);
  if ('problem' in read) return read.problem;
  if (read.score === null) return 'Please type the score that overrides it.';
  if (reason.trim() === '') return 'Please say why the score is overridden.';
  return null;
}

/**
 * A student's component excused (left out, its weight spread over the rest) or overridden with
 * a score and a reason, or neither again (issue 49, point 9): a button on the student's line
 * and a popup asking which component and how. The sheet is read again after the save.
 */
export function AdjustButton({ sheet, line }: { sheet: Sheet; line: SheetStudent }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="small"
        className={styles.adjust}
        onClick={() => setIsOpen(true)}
      >
        Excuse or override<span className="visually-hidden"> for {line.name}</span>
      </Button>
      {isOpen && <AdjustPopup sheet={sheet} line={line} onClose={() => setIsOpen(false)} />}
    </>
  );
}

function AdjustPopup({
  sheet,
  line,
  onClose,
}: {
  sheet: Sheet;
  line: SheetStudent;
  onClose: () => void;
}) {
  const first = sheet.components.find((c, i) => line.scores[i] === null) ?? sheet.components[0];
  const { values, bind } = useFields({
    component_key: first?.key ?? '',
    kind: 'excused' as string,
    score: '',
    reason: '',
  });
  const kind = values.kind as Kind;
  const save = useRefreshingCall('saveResultAdjustment', queryKeys.results.all);
  const outcome = useFormOutcome(() => adjustProblem(kind, values.score, values.reason));
  const current = line.adjustments.find((a) => a.component_key === values.component_key);
  const handleSend = () =>
    save.mutate(
      {
        class_id: sheet.class.id,
        term_id: sheet.term.id,
        student_id: line.id,
        component_key: values.component_key,
        kind,
        ...(kind === 'override' ? { score: values.score } : {}),
        ...(kind === 'none' ? {} : { reason: values.reason }),
      },
      outcome.reports(explainFailure('It could not be saved. Please try again.')),
    );
  return (
    <FormPopup
      open
      title={`Excuse or override: ${line.name}`}
      onClose={onClose}
      submitLabel="Save"
      busy={save.isPending}
      onSend={handleSend}
      outcome={outcome}
    >
      <SelectField label="Component" {...bind('component_key')}>
        {sheet.components.map((c) => (
          <option key={c.key} value={c.key}>
            {c.name} ({c.weight}%)
          </option>
        ))}
      </SelectField>
      {current && (
        <p className={styles.muted}>
          {current.kind === 'excused'
            ? 'Excused'
            : `Overridden with ${scoreText(current.score ?? 0)}`}
          {current.reason ? ` (${current.reason})` : ''}
          {current.by ? ` by ${current.by}` : ''}.
        </p>
      )}
      <SelectField label="What to do" {...bind('kind')}>
        {(Object.keys(KIND_WORDS) as Kind[]).map((k) => (
          <option key={k} value={k}>
            {KIND_WORDS[k]}
          </option>
        ))}
      </SelectField>
      {kind === 'override' && (
        <TextField label="Score, out of 100" inputMode="decimal" {...bind('score')} />
      )}
      {kind !== 'none' && (
        <TextField
          label={kind === 'override' ? 'Reason' : 'Reason (optional)'}
          maxLength={ADJUSTMENT_REASON_MAX}
          {...bind('reason')}
        />
      )}
    </FormPopup>
  );
}
