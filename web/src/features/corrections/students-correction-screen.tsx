import {
  MAX_CORRECTION_FILES,
  MAX_FILE_BYTES,
  SPEAKING_MAX_SECONDS,
} from '@academy/contract/constants';
import { type FormEvent, useState } from 'react';
import { failureText } from '../../api/failure-text';
import { paths } from '../../app/paths';
import { Recorder } from '../../media/recorder';
import {
  Button,
  Card,
  FilePicker,
  Form,
  FormMessage,
  Screen,
  StudentSelect,
  TextAreaField,
  TextField,
  useFormOutcome,
} from '../../ui';

import { useSendCorrection } from './use-corrections';

const emptySlots = (): (File | null)[] => Array.from({ length: MAX_CORRECTION_FILES }, () => null);

const sendFailure = (error: unknown) =>
  failureText(error, {
    network: 'Network error occurred',
    refusalPrefix: 'Error sending correction: ',
    fallback: 'Error occurred during the upload',
  });

/** /students-correction: a student, a title, an optional description and up to five files. */
export default function StudentsCorrectionScreen() {
  const send = useSendCorrection();
  const [userId, setUserId] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState(emptySlots);
  const [comment, setComment] = useState<File | null>(null);
  const [recorderKey, setRecorderKey] = useState(0);
  const outcome = useFormOutcome(() =>
    !userId
      ? 'Please select a user.'
      : !title.trim()
        ? 'Please enter a title.'
        : files.some((f) => f && f.size > MAX_FILE_BYTES)
          ? 'File size cannot be larger than 5 MB.'
          : null,
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check()) return;
    send.mutate(
      { userId, title: title.trim(), description, files, comment },
      {
        onSuccess: () => {
          outcome.succeed('Correction sent successfully');
          setTitle('');
          setDescription('');
          setFiles(emptySlots());
          setComment(null);
          setRecorderKey((k) => k + 1);
        },
        onError: (error) => outcome.fail(sendFailure(error)),
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
        <Form onSubmit={handleSubmit} outcome={outcome}>
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
          {files.map((file, index) => (
            <FilePicker
              // biome-ignore lint/suspicious/noArrayIndexKey: the five slots are fixed positions.
              key={index}
              label={`File ${index + 1}`}
              accept=".pdf,.docx,.pptx,.xlsx,image/jpeg,image/png,audio/*"
              files={file ? [file] : []}
              onChange={(chosen) =>
                setFiles((slots) =>
                  slots.map((slot, i) => (i === index ? (chosen[0] ?? null) : slot)),
                )
              }
            />
          ))}
          <Recorder
            key={recorderKey}
            label="Recorded comment (optional)"
            limitSeconds={SPEAKING_MAX_SECONDS}
            fileName="comment"
            onChange={setComment}
            disabled={send.isPending}
          />
          <FormMessage outcome={outcome} />
          <Button type="submit" block disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send Correction'}
          </Button>
        </Form>
      </Card>
    </Screen>
  );
}
