import { useState } from 'react';
import { explainFailure, NO_CONNECTION } from '../../api/failure-text';
import { useIsAdmin } from '../../api/role';
import {
  Button,
  Card,
  ConfirmPopup,
  FormMessage,
  QueryRows,
  RecordActions,
  useConfirmedChange,
  useFormOutcome,
} from '../../ui';
import { GuardianPopup } from './guardian-popup';
import { guardianFailure } from './guardian-words';
import styles from './guardians.module.css';
import { type Guardian, useDeleteGuardian, useGuardians } from './use-guardians';

/**
 * The Guardians card on a student's page (issue 31, point 4): who else hears of the student's
 * absences and results, by SMS and e-mail. An administrator adds, edits and removes them; a
 * teacher of the student reads them (to call a parent), without the buttons.
 */
export function GuardiansCard({ userId }: { userId: number }) {
  const guardians = useGuardians(userId);
  const remove = useDeleteGuardian(userId);
  const isAdmin = useIsAdmin();
  const message = useFormOutcome();
  const [editing, setEditing] = useState<Guardian | 'new' | null>(null);
  const confirm = useConfirmedChange(
    remove,
    (g: Guardian) => ({ user_id: userId, guardian_id: g.id }),
    message.reports(guardianFailure),
  );
  return (
    <Card title="Guardians">
      <QueryRows
        query={guardians}
        loading="Loading guardians..."
        error={explainFailure({
          network: NO_CONNECTION,
          refusalPrefix: 'Error loading guardians: ',
          fallback: 'The guardians could not be loaded. Please try again.',
        })}
        empty="No guardians yet."
        rows={(answer) => answer.guardians}
        label="The student's guardians"
        className={styles.list}
        rowClassName={styles.guardian}
      >
        {(g) => (
          <>
            <div className={styles.details}>
              <strong className={styles.name}>{g.name}</strong>
              {g.phone && <a href={`tel:${g.phone}`}>{g.phone}</a>}
              {g.email && <a href={`mailto:${g.email}`}>{g.email}</a>}
            </div>
            {isAdmin && (
              <RecordActions
                name={g.name}
                onEdit={() => setEditing(g)}
                onDelete={() => confirm.ask(g)}
              />
            )}
          </>
        )}
      </QueryRows>
      <FormMessage outcome={message} />
      {isAdmin && (
        <Button variant="secondary" onClick={() => setEditing('new')}>
          Add guardian
        </Button>
      )}
      {editing && (
        <GuardianPopup
          userId={userId}
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={(said) => {
            setEditing(null);
            message.succeed(said);
          }}
        />
      )}
      <ConfirmPopup {...confirm.popup} title="Remove guardian?" confirmLabel="Remove">
        Remove {confirm.subject?.name} from this student's guardians? They will be sent nothing
        more, and what waits to be sent to them is not sent.
      </ConfirmPopup>
    </Card>
  );
}
