import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { failureText } from '../../api/failure-text';
import { paths } from '../../app/paths';
import {
  Button,
  Card,
  Form,
  FormMessage,
  Screen,
  StudentSelect,
  TextAreaField,
  TextField,
  useFormOutcome,
} from '../../ui';

import { useAcademyTimeZone } from '../branding/queries';
import styles from './assignments.module.css';
import { useSendAssignment } from './use-assignments';

interface LinkRow {
  key: number;
  title: string;
  url: string;
}

let nextKey = 1;
const emptyLink = (): LinkRow => ({ key: nextKey++, title: '', url: '' });

/** What the spec says about a failed send, by kind of failure. */
const sendFailure = (error: unknown) =>
  failureText(error, {
    network: 'Network error occurred. Please try again.',
    refusalPrefix: 'Error sending assignment: ',
    fallback: 'Server error. Please try again.',
  });

/** /send-assignment: a student, a title, a description (the deadline) and links to files. */
export default function SendAssignmentScreen() {
  const send = useSendAssignment();
  const [userId, setUserId] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [due, setDue] = useState('');
  const zone = useAcademyTimeZone();
  const [links, setLinks] = useState<LinkRow[]>(() => [emptyLink()]);
  const filled = links.filter((l) => l.title.trim() || l.url.trim());
  const outcome = useFormOutcome(() =>
    !userId
      ? 'Please select a user.'
      : !title.trim() || !description.trim()
        ? 'Please enter both title and description.'
        : filled.some((l) => !l.title.trim())
          ? 'Each link needs a title.'
          : filled.some((l) => !/^https?:\/\/\S+$/i.test(l.url.trim()))
            ? 'Each link must be an http:// or https:// address.'
            : null,
  );

  const updateLink = (key: number, change: Partial<LinkRow>) =>
    setLinks((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check()) return;
    send.mutate(
      {
        user_id: userId,
        title: title.trim(),
        description: description.trim(),
        // A date and time on the academy's clock: the server reads it in the academy's zone.
        ...(due ? { due_at: due } : {}),
        file_links: JSON.stringify(
          filled.map((l) => ({ title: l.title.trim(), url: l.url.trim() })),
        ),
      },
      {
        onSuccess: () => {
          outcome.succeed('Assignment sent successfully!');
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
          <StudentSelect label="User" value={userId} onChange={setUserId} />
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
            hint={`On the academy's clock${zone ? ` (${zone})` : ''}. Lists show whether the work came in on time.`}
            value={due}
            onChange={(e) => setDue(e.target.value)}
          />
          <fieldset className={styles.links}>
            <legend>File links</legend>
            {links.map((link, index) => (
              <div key={link.key} className={styles.linkRow}>
                <TextField
                  label={`Link ${index + 1} title`}
                  value={link.title}
                  onChange={(e) => updateLink(link.key, { title: e.target.value })}
                  maxLength={200}
                />
                <TextField
                  label={`Link ${index + 1} URL`}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  value={link.url}
                  onChange={(e) => updateLink(link.key, { url: e.target.value })}
                />
                <Button
                  variant="ghost"
                  size="small"
                  onClick={() =>
                    setLinks((rows) =>
                      rows.length === 1 ? [emptyLink()] : rows.filter((r) => r.key !== link.key),
                    )
                  }
                  aria-label={`Remove link ${index + 1}`}
                >
                  <Trash2 size={16} aria-hidden="true" /> Remove
                </Button>
              </div>
            ))}
            <div>
              <Button
                variant="secondary"
                size="small"
                onClick={() => setLinks((rows) => [...rows, emptyLink()])}
              >
                <Plus size={16} aria-hidden="true" /> Add link
              </Button>
            </div>
          </fieldset>
          <FormMessage outcome={outcome} />
          <Button type="submit" block disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send Assignment'}
          </Button>
        </Form>
      </Card>
    </Screen>
  );
}
