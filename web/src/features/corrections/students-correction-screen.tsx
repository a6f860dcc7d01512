import {
  MAX_CORRECTION_FILES,
  MAX_FILE_BYTES,
  SPEAKING_MAX_SECONDS,
} from '@academy/contract/constants';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { explainFailure } from '../../api/failure-text';
import { MarkFields, type MarkInput, markProblem, NO_MARK, StudentSelect } from '../../components';
import { formatLongDateTime } from '../../lib/dates';
import { Recorder } from '../../media/recorder';
import { linkParams } from '../../shared/paths';
import { useBackToStaffHome } from '../../shared/staff-home';
import {
  FilePicker,
  FormMessage,
  FormScreen,
  SelectField,
  SubmitButton,
  useFormOutcome,
} from '../../ui';
import { DescriptionField, MATERIAL_FILE_TYPES, TitleField } from '../../ui/work-fields';
import { TeacherCards } from '../flashcards/teacher-cards';
import { useSendCorrection, useSubmissionsOf } from './use-corrections';
import { WorkBeingCorrected } from './work-being-corrected';

/** The title a correction of a piece of work starts with; the admin may change it. */
export const correctionTitleFor = (subject: string) => `Correction: ${subject}`.slice(0, 200);

const sendFailure = explainFailure({
  network: 'Network error occurred',
  refusalPrefix: 'Error sending correction: ',
  fallback: 'Error occurred during the upload',
});

type Submissions = ReturnType<typeof useSubmissionsOf>;

/** The student's submission a correction answers, if any: one of their listed ones, or none. */
function SubmissionChoice({
  submissions,
  value,
  onChange,
}: {
  submissions: Submissions;
  value: string;
  onChange: (submissionId: string) => void;
}) {
  const listed = submissions.data?.assignments ?? [];
  return (
    <SelectField
      label="Submission it answers (optional)"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={
        submissions.isPending
          ? 'Loading their submissions...'
          : submissions.isError
            ? 'Their submissions could not be listed; the correction can still be sent.'
            : 'The student sees which of their work this answers.'
      }
    >
      <option value="">None</option>
      {value && !listed.some((s) => String(s.id) === value) && (
        <option value={value}>Submission {value}</option>
      )}
      {listed.map((s) => (
        <option key={s.id} value={String(s.id)}>
          {`${s.subject}, sent ${formatLongDateTime(s.created_at)}${s.state === 'new' ? ' (new)' : ''}`}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * /students-correction: a student, a title, an optional description and up to five files (one
 * pick); and, new, the student's submission it answers (linked when opened from an inbox item's
 * Correct), shown beside the form with its files, and naming the title until the admin writes one.
 */
export default function StudentsCorrectionScreen() {
  const send = useSendCorrection();
  // Correct on an inbox item opens the form for its student, with the submission linked.
  const [searchParams] = useSearchParams();
  const [userId, setUserId] = useState(searchParams.get(linkParams.userId) ?? '');
  const [submissionId, setSubmissionId] = useState(searchParams.get(linkParams.submissionId) ?? '');
  const submissions = useSubmissionsOf(userId);
  const listed = submissions.data?.assignments ?? [];
  const student = listed[0] ? { id: listed[0].user_id, name: listed[0].user_name } : undefined;
  const work = listed.find((s) => String(s.id) === submissionId);
  // Until the admin writes a title of their own, the work corrected names it.
  const [ownTitle, setOwnTitle] = useState<string | null>(null);
  const title = ownTitle ?? (work ? correctionTitleFor(work.subject) : '');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [comment, setComment] = useState<File | null>(null);
  const [mark, setMark] = useState<MarkInput>(NO_MARK);
  const [recorderKey, setRecorderKey] = useState(0);
  const outcome = useFormOutcome(() =>
    !userId
      ? 'Please select a user.'
      : !title.trim()
        ? 'Please enter a title.'
        : files.length > MAX_CORRECTION_FILES
          ? `You can send at most ${MAX_CORRECTION_FILES} files.`
          : files.some((f) => f.size > MAX_FILE_BYTES)
            ? 'File size cannot be larger than 5 MB.'
            : markProblem(mark),
  );

  const handleSend = () =>
    send.mutate(
      { userId, title: title.trim(), description, submissionId, files, comment, mark },
      outcome.reports(sendFailure, () => {
        outcome.succeed('Correction sent successfully');
        setOwnTitle(null);
        setDescription('');
        setSubmissionId('');
        setFiles([]);
        setComment(null);
        setMark(NO_MARK);
        setRecorderKey((k) => k + 1);
      }),
    );

  return (
    <FormScreen
      title="Students Correction"
      back={useBackToStaffHome()}
      onSend={handleSend}
      outcome={outcome}
      after={userId && <TeacherCards studentId={Number(userId)} />}
    >
      <StudentSelect
        label="User"
        value={userId}
        onChange={(id) => {
          setUserId(id);
          setSubmissionId('');
        }}
        known={student}
      />
      {userId && (
        <SubmissionChoice
          submissions={submissions}
          value={submissionId}
          onChange={setSubmissionId}
        />
      )}
      {work && <WorkBeingCorrected work={work} />}
      <TitleField value={title} onChange={(e) => setOwnTitle(e.target.value)} />
      <DescriptionField
        label="Description (optional)"
        rows={3}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <MarkFields
        value={mark}
        onChange={setMark}
        disabled={send.isPending}
        problem={markProblem(mark)}
      />
      <FilePicker
        label="Files (optional)"
        multiple
        accept={MATERIAL_FILE_TYPES}
        hint={`Up to ${MAX_CORRECTION_FILES} files, 5 MB each: choose them together.`}
        files={files}
        onChange={setFiles}
      />
      <Recorder
        key={recorderKey}
        label="Recorded comment (optional)"
        limitSeconds={SPEAKING_MAX_SECONDS}
        fileName="comment"
        onChange={setComment}
        disabled={send.isPending}
      />
      <FormMessage outcome={outcome} />
      <SubmitButton block busy={send.isPending} busyLabel="Sending...">
        Send Correction
      </SubmitButton>
    </FormScreen>
  );
}
