import { type FormEvent, useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import { useIsAdmin } from '../../api/role';
import { hrefs } from '../../shared/paths';
import {
  ActionRow,
  Button,
  ButtonLink,
  Card,
  ConfirmPopup,
  Form,
  FormMessage,
  TextField,
  useConfirm,
  useFormOutcome,
} from '../../ui';
import styles from './classes.module.css';
import { useUpdateClass } from './use-classes';

interface ClassDetailsProps {
  classId: number;
  name: string;
  isArchived: boolean;
}

/**
 * The class itself: renaming it, sending it work, archiving it (asked first) or bringing it back.
 * A teacher only sends it work (issue 29): an archived class leaves them nothing here.
 */
export function ClassDetails({ classId, name, isArchived }: ClassDetailsProps) {
  const isAdmin = useIsAdmin();
  const update = useUpdateClass();
  const notice = useFormOutcome();
  const [newName, setNewName] = useState(name);
  const outcome = useFormOutcome(() => (newName.trim() ? null : 'Please enter a class name.'));

  const handleRename = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check()) return;
    update.mutate(
      { classId, name: newName.trim() },
      outcome.reports(explainFailure('The class could not be renamed. Please try again.')),
    );
  };

  const setArchived = (archived: boolean, settled?: () => void) =>
    update.mutate(
      { classId, archived },
      {
        ...notice.reports(explainFailure('The change could not be saved.')),
        onSettled: settled,
      },
    );
  const archiving = useConfirm<number>((_, close) => setArchived(true, close));
  if (!isAdmin && isArchived) return null;

  return (
    <Card title="Class">
      {isAdmin && (
        <Form onSubmit={handleRename} outcome={outcome} className={styles.createForm}>
          <TextField
            label="Class name"
            value={newName}
            maxLength={100}
            onChange={(e) => setNewName(e.target.value)}
          />
          <Button type="submit" variant="secondary" disabled={update.isPending}>
            Rename
          </Button>
          <FormMessage outcome={outcome} />
        </Form>
      )}
      <ActionRow>
        {!isArchived && (
          <>
            <ButtonLink to={hrefs.sendAssignmentTo(classId)}>Send an assignment</ButtonLink>
            <ButtonLink to={hrefs.sendNotificationTo(classId)}>Send a notification</ButtonLink>
            {isAdmin && <ButtonLink to={hrefs.feePlan(classId)}>Fees</ButtonLink>}
          </>
        )}
        {isAdmin &&
          (isArchived ? (
            <Button variant="secondary" onClick={() => setArchived(false)}>
              Bring back
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => archiving.ask(classId)}>
              Archive
            </Button>
          ))}
      </ActionRow>
      <FormMessage outcome={notice} />
      <ConfirmPopup
        {...archiving.popup}
        title={`Archive ${name}?`}
        confirmLabel="Archive"
        busy={update.isPending}
      >
        <p>
          The class keeps its students and everything sent to it, but is no longer offered when
          sending. You can bring it back at any time.
        </p>
      </ConfirmPopup>
    </Card>
  );
}
