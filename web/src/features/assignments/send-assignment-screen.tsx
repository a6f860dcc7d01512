import { type FormEvent, useState } from 'react';
import { failureText } from '../../api/failure-text';
import {
  type Recipients,
  RecipientsPicker,
  recipientPayload,
  recipientsProblem,
  useStartingRecipients,
} from '../../components';
import { timesAreIn } from '../../lib/dates';
import { paths } from '../../shared/paths';
import {
  Button,
  Card,
  Form,
  FormMessage,
  Screen,
  TextAreaField,
  TextField,
  useFormOutcome,
} from '../../ui';
import { useAcademyTimeZone } from '../branding/queries';
import { useReminderNote } from '../settings/reminder-lead';
import {
  emptyLink,
  FileLinksField,
  filledLinks,
  type LinkRow,
  linksProblem,
} from './file-links-field';
import { useSendAssignment } from './use-assignments';

/** What the spec says about a failed send, by kind of failure. */
const sendFailure = (error: unknown) =>
  failureText(error, {
    network: 'Network error occurred. Please try again.',
    refusalPrefix: 'Error sending assignment: ',
    fallback: 'Server error. Please try again.',
  });

/**
 * /send-assignment: a student (or, new, several students or a class), a title, a description
 * (the deadline) and links to files.
 */
export default function SendAssignmentScreen() {
  const send = useSendAssignment();
  const [recipients, setRecipients] = useState<Recipients>(useStartingRecipients());
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [due, setDue] = useState('');
  const zone = useAcademyTimeZone();
  const reminderNote = useReminderNote();
  const [links, setLinks] = useState<LinkRow[]>(() => [emptyLink()]);
  const filled = filledLinks(links);
  const outcome = useFormOutcome(
    () =>
      recipientsProblem(recipients) ??
      (!title.trim() || !description.trim()
        ? 'Please enter both title and description.'
        : linksProblem(filled)),
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check()) return;
    send.mutate(
      {
        ...recipientPayload(recipients),
        title: title.trim(),
        description: description.trim(),
        // A date and time on the academy's clock: the server reads it in the academy's zone.
        ...(due ? { due_at: due } : {}),
        file_links: JSON.stringify(filled),
      },
      {
        onSuccess: (answer) => {
          // The spec's words for one student; how many it reached for more.
          outcome.succeed(
            recipients.kind === 'student' ? 'Assignment sent successfully!' : answer.message,
          );
          setTitle('');
          setDescription('');
          setDue('');
          setLinks([emptyLink()]);
        },
        onError: (error) => outcome.fail(sendFailure(error)),
      },
    );
  };

  return (
    <Screen
      title="Send Assignment"
      back={{ to: paths.adminHome, label: 'Back to Dashboard' }}
      width="narrow"
    >
      <Card>
        <Form onSubmit={handleSubmit} outcome={outcome}>
          <RecipientsPicker value={recipients} onChange={setRecipients} />
          <TextField
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={200}
          />
          <TextAreaField
            label="Description"
            hint="Students read this as the deadline and instructions."
            rows={4}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={5000}
          />
          <TextField
            label="Due date and time (optional)"
            type="datetime-local"
            hint={`${timesAreIn(zone)} Lists show whether the work came in on time.${reminderNote}`}
            value={due}
            onChange={(e) => setDue(e.target.value)}
          />
          <FileLinksField links={links} onChange={setLinks} />
          <FormMessage outcome={outcome} />
          <Button type="submit" block disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send Assignment'}
          </Button>
        </Form>
      </Card>
    </Screen>
  );
}
