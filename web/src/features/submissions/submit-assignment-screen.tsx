import { MAX_FILE_BYTES, MAX_SUBMISSION_FILES } from '@academy/contract/constants';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError, refusalOr } from '../../api/client';
import { readStoredUser } from '../../api/session';
import { paths } from '../../app/paths';
import { Button, Card, Message, Screen, TextAreaField, TextField } from '../../ui';
import styles from '../assignments/assignments.module.css';
import { useUploadAssignment } from './use-submissions';

const ACCEPTED = /\.(jpe?g|png|pdf)$/i;

/** The checks of spec section 5, in its order, before anything is sent. */
function checkSubmission(
  userId: number | undefined,
  subject: string,
  files: File[],
): string | null {
  if (!userId) return 'User ID is missing. Please log in.';
  if (!subject.trim()) return 'Please enter a subject.';
  if (files.length === 0) return 'Please select at least one file.';
  if (files.length > MAX_SUBMISSION_FILES) return 'You cannot select more than 10 files.';
  if (files.some((f) => f.size > MAX_FILE_BYTES)) return 'File size cannot be larger than 5 MB.';
  if (files.some((f) => !ACCEPTED.test(f.name)))
    return 'Only JPG, JPEG, PNG and PDF files are accepted.';
  return null;
}

function uploadFailure(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError) return 'Error in sending data.';
  if (error instanceof ApiError && error.status === 401)
    return 'User ID not found. Please log in again.';
  return refusalOr(error, 'There was a problem submitting the assignment.');
}

/** /submit-assignment: a subject, a description and up to ten files, sent with real progress. */
export default function SubmitAssignmentScreen() {
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [percent, setPercent] = useState(0);
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadAssignment(setPercent);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const userId = readStoredUser()?.id;
    const problem = checkSubmission(userId, subject, files);
    if (problem || !userId) {
      setOutcome({ tone: 'error', text: problem ?? 'User ID is missing. Please log in.' });
      return;
    }
    setOutcome(null);
    setPercent(0);
    upload.mutate(
      { userId, subject: subject.trim(), description, files },
      {
        onSuccess: () => {
          setOutcome({ tone: 'success', text: 'Assignment submitted successfully.' });
          setSubject('');
          setDescription('');
          setFiles([]);
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (error) => setOutcome({ tone: 'error', text: uploadFailure(error) }),
      },
    );
  };

  const busyLabel = percent < 100 ? 'Uploading...' : 'Sending...';

  return (
    <Screen
      title="Upload Assignment"
      back={{ to: paths.userHome, label: 'Back to Home Screen' }}
      width="narrow"
    >
      <Card>
        <form className={styles.form} onSubmit={handleSubmit} noValidate>
          <TextField
            label="Subject"
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            maxLength={200}
          />
          <TextAreaField
            label="Description"
            rows={4}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={5000}
          />
          <TextField
            ref={fileInput}
            label="Files"
            type="file"
            multiple
            accept=".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf"
            hint="Up to 10 files (JPG, JPEG, PNG or PDF), 5 MB each."
            onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
          />
          {files.length > 0 && (
            <p className={styles.meta}>
              {files.length} file{files.length === 1 ? '' : 's'} chosen:{' '}
              {files.map((f) => f.name).join(', ')}
            </p>
          )}
          {upload.isPending && (
            <div>
              <p className={styles.meta} aria-live="polite">{`${percent}%`}</p>
              <progress
                className={styles.progress}
                max={100}
                value={percent}
                aria-label="Upload progress"
              />
            </div>
          )}
          {outcome && <Message tone={outcome.tone}>{outcome.text}</Message>}
          <Button type="submit" block disabled={upload.isPending}>
            {upload.isPending ? busyLabel : 'Submit Assignment'}
          </Button>
        </form>
      </Card>
    </Screen>
  );
}
