import { useState } from 'react';
import { explainFailure, loadingFailure } from '../../api/failure-text';
import { saveFailure } from '../../api/save-failure';
import { type Term, useDeleteTerm, useTerms } from '../../api/terms';
import { formatLongDate } from '../../lib/dates';
import {
  Button,
  Card,
  ConfirmPopup,
  FormMessage,
  QueryRows,
  Tag,
  useConfirmedChange,
  useFormOutcome,
} from '../../ui';
import styles from './settings.module.css';
import { TermForm } from './term-form';

/**
 * The academy's terms (issue 30, point 2): each with its days, the current one marked; add,
 * edit and delete. The roll's figures count within the current term (Attendance rules).
 */
export function TermsCard() {
  const terms = useTerms();
  const remove = useDeleteTerm();
  const message = useFormOutcome();
  const [editing, setEditing] = useState<Term | null>(null);
  const confirm = useConfirmedChange(
    remove,
    (term: Term) => ({ id: term.id }),
    message.reports(saveFailure, (said) => {
      setEditing(null);
      message.succeed(said);
    }),
  );
  const done = (said?: string) => {
    setEditing(null);
    if (said) message.succeed(said);
  };

  return (
    <Card title="Terms">
      <p className={styles.caption}>
        The academy's terms. The current term is the one today falls in: absences and attendance
        rates count within it.
      </p>
      <QueryRows
        query={terms}
        loading="Loading terms..."
        error={explainFailure(loadingFailure('terms'))}
        empty="No terms yet."
        rows={(answer) => answer.terms}
        label="The academy's terms"
        className={styles.terms}
        rowClassName={styles.term}
      >
        {(term, answer) => (
          <>
            <div>
              <p className={styles.termName}>
                {term.name}{' '}
                {term.id === answer.current_term_id && <Tag tone="success">Current</Tag>}
              </p>
              <p className={styles.caption}>
                {formatLongDate(term.first_day)} – {formatLongDate(term.last_day)}
              </p>
            </div>
            <div className={styles.termActions}>
              <Button
                variant="secondary"
                size="small"
                aria-label={`Edit ${term.name}`}
                onClick={() => setEditing(term)}
              >
                Edit
              </Button>
              <Button
                variant="danger"
                size="small"
                aria-label={`Delete ${term.name}`}
                onClick={() => confirm.ask(term)}
              >
                Delete
              </Button>
            </div>
          </>
        )}
      </QueryRows>
      <FormMessage outcome={message} />
      <TermForm key={editing?.id ?? 'new'} editing={editing} onDone={done} />
      <ConfirmPopup {...confirm.popup} title="Delete term?" confirmLabel="Delete">
        Delete the term {confirm.subject?.name}? Its days are then in no term; no roll is changed.
      </ConfirmPopup>
    </Card>
  );
}
