import { MAX_NOTIFICATION_LENGTH } from '@academy/contract/constants';
import { type FormEvent, useState } from 'react';
import { failureText } from '../../api/failure-text';
import { timesAreIn, toLocalInputValue } from '../../lib/dates';
import {
  ActionRow,
  Button,
  Form,
  FormMessage,
  SubmitButton,
  TextAreaField,
  TextField,
  useFormOutcome,
} from '../../ui';
import {
  emptyLink,
  FileLinksField,
  filledLinks,
  type LinkRow,
  linksProblem,
} from '../assignments/file-links-field';
import { useAcademyTimeZone } from '../branding/queries';
import styles from './sendings.module.css';
import { useUpdateSending } from './use-sendings';

interface EditableSending {
  id: number;
  kind: 'assignment' | 'notification';
  title: string;
  description: string;
  file_links: { title: string; url: string }[];
  due_at: string | null;
}

/** The edit form: an assignment's title, description and links, or a notification's words. */
export function EditSendingForm({
  sending,
  onDone,
}: {
  sending: EditableSending;
  onDone: (message: string | null) => void;
}) {
  const update = useUpdateSending();
  const zone = useAcademyTimeZone();
  const isAssignment = sending.kind === 'assignment';
  // On the academy's clock, as Send Assignment takes it; the server reads it back on that clock.
  const [due, setDue] = useState(() => toLocalInputValue(sending.due_at, zone));
  const [dueTouched, setDueTouched] = useState(false);
  const [title, setTitle] = useState(sending.title);
  const [description, setDescription] = useState(sending.description);
  const [links, setLinks] = useState<LinkRow[]>(() =>
    sending.file_links.length > 0
      ? sending.file_links.map((l) => emptyLink(l.title, l.url))
      : [emptyLink()],
  );
  const filled = filledLinks(links);
  const outcome = useFormOutcome(() =>
    isAssignment
      ? !title.trim() || !description.trim()
        ? 'Please enter both title and description.'
        : linksProblem(filled)
      : !title.trim()
        ? 'Please enter a message.'
        : null,
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check()) return;
    update.mutate(
      isAssignment
        ? {
            sending_id: sending.id,
            title: title.trim(),
            description: description.trim(),
            file_links: filled,
            // Sent only once changed: an untouched field keeps the due time to the millisecond
            // (the field shows minutes); '' removes it.
            ...(dueTouched ? { due_at: due } : {}),
          }
        : { sending_id: sending.id, message: title.trim() },
      {
        onSuccess: (answer) => onDone(answer.message),
        onError: (error) =>
          outcome.fail(
            failureText(error, { fallback: 'The changes could not be saved. Please try again.' }),
          ),
      },
    );
  };

  return (
    <Form onSubmit={handleSubmit} outcome={outcome}>
      {isAssignment ? (
        <>
          <TextField
            label="Title"
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
          />
          <TextAreaField
            label="Description"
            rows={4}
            value={description}
            maxLength={5000}
            onChange={(e) => setDescription(e.target.value)}
          />
          <TextField
            label="Due date and time (optional)"
            type="datetime-local"
            hint={`${timesAreIn(zone)} Clear it to remove the due time.`}
            value={due}
            onChange={(e) => {
              setDue(e.target.value);
              setDueTouched(true);
            }}
          />
          <FileLinksField links={links} onChange={setLinks} />
        </>
      ) : (
        <TextAreaField
          label="Message"
          rows={4}
          value={title}
          maxLength={MAX_NOTIFICATION_LENGTH}
          onChange={(e) => setTitle(e.target.value)}
        />
      )}
      <p className={styles.intro}>Every student it went to sees the change; read states stay.</p>
      <FormMessage outcome={outcome} />
      <ActionRow>
        <Button variant="secondary" onClick={() => onDone(null)}>
          Cancel
        </Button>
        <SubmitButton busy={update.isPending} busyLabel="Saving...">
          Save changes
        </SubmitButton>
      </ActionRow>
    </Form>
  );
}
