import { MAX_FILE_BYTES, MAX_SUBMISSION_FILES } from '@academy/contract/constants';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { explainFailure } from '../../api/failure-text';
import { readStoredUser } from '../../api/session';
import { shrinkingOf, shrinkingText, shrinkPhotos } from '../../media/shrink-photos';
import { markPushEarned } from '../../pwa/push-memory';
import { backTo, linkParams } from '../../shared/paths';
import {
  FilePicker,
  FormMessage,
  FormScreen,
  ProgressBar,
  SubmitButton,
  useFields,
  useFormOutcome,
} from '../../ui';
import { DescriptionField, TitleField } from '../../ui/work-fields';
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

const uploadFailure = explainFailure({
  network: 'Error in sending data.',
  byStatus: { 401: 'User ID not found. Please log in again.' },
  fallback: 'There was a problem submitting the assignment.',
});

/**
 * The files of the form: those chosen (a new choice replaces them) and the photos taken with
 * the camera (each one adds to them), with the photos among both made smaller as they come.
 */
function usePickedFiles() {
  const [chosen, setChosen] = useState<File[]>([]);
  const [photos, setPhotos] = useState<File[]>([]);
  const [shrinkingNow, setShrinkingNow] = useState(0);
  const sizeBefore = useRef(new WeakMap<File, number>());
  const latestChoice = useRef(0);
  const files = [...chosen, ...photos];

  const prepare = async (picked: File[], keep: (ready: File[]) => void) => {
    setShrinkingNow((n) => n + 1);
    try {
      keep(await shrinkPhotos(picked, sizeBefore.current));
    } finally {
      setShrinkingNow((n) => n - 1);
    }
  };
  return {
    chosen,
    photos,
    files,
    isShrinking: shrinkingNow > 0,
    shrinking: shrinkingOf(files, sizeBefore.current),
    choose: (picked: File[]) => {
      const choice = ++latestChoice.current;
      void prepare(picked, (ready) => {
        if (choice === latestChoice.current) setChosen(ready);
      });
    },
    addPhotos: (taken: File[]) =>
      void prepare(taken, (ready) => setPhotos((current) => [...current, ...ready])),
    /** Takes one chosen file out (a shrink still under way for the choice still lands). */
    removeChosen: (index: number) => setChosen((current) => current.filter((_, i) => i !== index)),
    removePhoto: (index: number) => setPhotos((current) => current.filter((_, i) => i !== index)),
    clear: () => {
      latestChoice.current += 1;
      setChosen([]);
      setPhotos([]);
    },
  };
}

/**
 * /submit-assignment: a subject, a description and up to ten files, chosen or taken with the
 * phone's camera, sent with real progress. Photos are made smaller first (shrink-photos.ts).
 */
export default function SubmitAssignmentScreen() {
  // The assignment it answers: from Download Assignment's "Hand in work for this", or picked.
  const [searchParams] = useSearchParams();
  const { values, bind, set, reset } = useFields({
    subject: '',
    description: '',
    assignmentId: searchParams.get(linkParams.assignmentId) ?? '',
  });
  const picked = usePickedFiles();
  const { files } = picked;
  const [percent, setPercent] = useState(0);
  const upload = useUploadAssignment(setPercent);
  const outcome = useFormOutcome(() =>
    checkSubmission(readStoredUser()?.id, values.subject, files),
  );

  const handleSend = () => {
    const userId = readStoredUser()?.id;
    if (!userId) return;
    setPercent(0);
    upload.mutate(
      { userId, ...values, subject: values.subject.trim(), files },
      {
        onSuccess: () => {
          outcome.succeed('Assignment submitted successfully.');
          // Work handed in: the home may now offer push on this device (push-prompt.tsx).
          markPushEarned();
          // A fresh form: the assignment answered is not kept either.
          reset();
          set({ assignmentId: '' });
          picked.clear();
        },
        onError: (error) => outcome.fail(uploadFailure(error)),
      },
    );
  };

  return (
    <FormScreen title="Upload Assignment" back={backTo.home} onSend={handleSend} outcome={outcome}>
      <AssignmentChoice
        value={values.assignmentId}
        onChange={(assignmentId) => set({ assignmentId })}
      />
      <TitleField label="Subject" {...bind('subject')} />
      <DescriptionField {...bind('description')} />
      <FilePicker
        label="Files"
        multiple
        accept=".jpg,.jpeg,.png,.pdf,.heic,.heif,image/jpeg,image/png,image/heic,image/heif,application/pdf"
        hint="Up to 10 files (JPG, JPEG, PNG or PDF), 5 MB each."
        files={picked.chosen}
        onChange={picked.choose}
        onRemove={picked.removeChosen}
        previews
        disabled={upload.isPending}
      />
      <FilePicker
        label="Photos"
        accept="image/*"
        capture="environment"
        hint="Take a photo of each page; photos are made smaller before they are sent."
        files={picked.photos}
        onChange={picked.addPhotos}
        onRemove={picked.removePhoto}
        previews
        disabled={upload.isPending}
      />
      <p className={styles.percent} aria-live="polite">
        {picked.isShrinking
          ? 'Making photos smaller...'
          : picked.shrinking.count > 0
            ? shrinkingText(picked.shrinking)
            : ''}
      </p>
      {upload.isPending && (
        <div>
          <p className={styles.percent} aria-live="polite">{`${percent}%`}</p>
          <ProgressBar percent={percent} label="Upload progress" />
        </div>
      )}
      <FormMessage outcome={outcome} />
      <SubmitButton
        block
        busy={upload.isPending}
        busyLabel={percent < 100 ? 'Uploading...' : 'Sending...'}
        disabled={picked.isShrinking}
      >
        Submit Assignment
      </SubmitButton>
    </FormScreen>
  );
}
