import { MAX_FILE_BYTES, MAX_SUBMISSION_FILES } from '@academy/contract/constants';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { failureText } from '../../api/failure-text';
import { readStoredUser } from '../../api/session';
import { paths } from '../../app/paths';
import {
  Button,
  Card,
  FilePicker,
  Form,
  FormMessage,
  ProgressBar,
  Screen,
  TextAreaField,
  TextField,
  useFormOutcome,
} from '../../ui';
import { AssignmentChoice } from './assignment-choice';
import styles from './submissions.module.css';
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

const uploadFailure = (error: unknown) =>
  failureText(error, {
    network: 'Error in sending data.',
    byStatus: { 401: 'User ID not found. Please log in again.' },
    fallback: 'There was a problem submitting the assignment.',
  });

/** /submit-assignment: a subject, a description and up to ten files, sent with real progress. */
export default function SubmitAssignmentScreen() {
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  // The assignment it answers: from Download Assignment's "Hand in work for this", or picked.
  const [searchParams] = useSearchParams();
  const [assignmentId, setAssignmentId] = useState(searchParams.get('assignment_id') ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const [percent, setPercent] = useState(0);
  const upload = useUploadAssignment(setPercent);
  const outcome = useFormOutcome(() => checkSubmission(readStoredUser()?.id, subject, files));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const userId = readStoredUser()?.id;
    if (!outcome.check() || !userId) return;
    setPercent(0);
    upload.mutate(
      { userId, subject: subject.trim(), description, assignmentId, files },
      {
        onSuccess: () => {
          outcome.succeed('Assignment submitted successfully.');
          setSubject('');
          setDescription('');
          setAssignmentId('');
          setFiles([]);
        },
        onError: (error) => outcome.fail(uploadFailure(error)),
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
        <Form onSubmit={handleSubmit} outcome={outcome}>
          <AssignmentChoice value={assignmentId} onChange={setAssignmentId} />
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
          <FilePicker
            label="Files"
            multiple
            accept=".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf"
            hint="Up to 10 files (JPG, JPEG, PNG or PDF), 5 MB each."
            files={files}
            onChange={setFiles}
          />
          {upload.isPending && (
            <div>
              <p className={styles.percent} aria-live="polite">{`${percent}%`}</p>
              <ProgressBar percent={percent} label="Upload progress" />
            </div>
          )}
          <FormMessage outcome={outcome} />
          <Button type="submit" block disabled={upload.isPending}>
            {upload.isPending ? busyLabel : 'Submit Assignment'}
          </Button>
        </Form>
      </Card>
    </Screen>
  );
}
