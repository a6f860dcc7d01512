import { MAX_CORRECTION_FILES, MAX_FILE_BYTES } from '@academy/contract/constants';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { paths } from '../../app/paths';
import { Button, Card, Message, Screen, TextAreaField, TextField } from '../../ui';
import styles from '../assignments/assignments.module.css';
import { StudentSelect } from '../users/student-select';
import { useSendCorrection } from './use-corrections';

const emptySlots = (): (File | null)[] => Array.from({ length: MAX_CORRECTION_FILES }, () => null);

function sendFailure(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError) return 'Network error occurred';
  if (error instanceof ApiError && error.status < 500 && error.serverMessage)
    return `Error sending correction: ${error.serverMessage}`;
  return 'Error occurred during the upload';
}

/** /students-correction: a student, a title, an optional description and up to five files. */
export default function StudentsCorrectionScreen() {
  const send = useSendCorrection();
  const [userId, setUserId] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState(emptySlots);
  // Remounts the file inputs to clear them after a send.
  const [formKey, setFormKey] = useState(0);
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = !userId
      ? 'Please select a user.'
      : !title.trim()
        ? 'Please enter a title.'
        : files.some((f) => f && f.size > MAX_FILE_BYTES)
          ? 'File size cannot be larger than 5 MB.'
          : null;
    if (problem) {
      setOutcome({ tone: 'error', text: problem });
      return;
    }
    setOutcome(null);
    send.mutate(
      { userId, title: title.trim(), description, files },
      {
        onSuccess: () => {
          setOutcome({ tone: 'success', text: 'Correction sent successfully' });
          setTitle('');
          setDescription('');
          setFiles(emptySlots());
          setFormKey((k) => k + 1);
        },
        onError: (error) => setOutcome({ tone: 'error', text: sendFailure(error) }),
      },
    );
  };

  return (
    <Screen
      title="Students Correction"
      back={{ to: paths.adminHome, label: 'Back to Dashboard' }}
      width="narrow"
    >
      <Card>
        <form className={styles.form} onSubmit={handleSubmit} noValidate>
          <StudentSelect label="User" value={userId} onChange={setUserId} />
          <TextField
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={200}
          />
          <TextAreaField
            label="Description (optional)"
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={5000}
          />
          {files.map((_, index) => (
            <TextField
              // biome-ignore lint/suspicious/noArrayIndexKey: the five slots are fixed positions.
              key={`${formKey}-${index}`}
              label={`File ${index + 1}`}
              type="file"
              accept=".pdf,.docx,.pptx,.xlsx,image/jpeg,image/png,audio/*"
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                setFiles((slots) => slots.map((slot, i) => (i === index ? chosen : slot)));
              }}
            />
          ))}
          {outcome && <Message tone={outcome.tone}>{outcome.text}</Message>}
          <Button type="submit" block disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send Correction'}
          </Button>
        </form>
      </Card>
    </Screen>
  );
}
