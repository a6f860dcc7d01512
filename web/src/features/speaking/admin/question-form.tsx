import { SPEAKING_DEFAULT_SECONDS, SPEAKING_MAX_SECONDS } from '@academy/contract/constants';
import { useState } from 'react';
import { explainFailure } from '../../../api/failure-text';
import { useIsAdmin } from '../../../api/role';
import {
  type Recipients,
  RecipientsPicker,
  recipientPayload,
  recipientsProblem,
} from '../../../components/recipients-picker';
import { describeDuration } from '../../../media/recording';
import { useAcademyTimeZone } from '../../../shared/branding';
import { FormCard, Options, SelectField, TextAreaField, useFormOutcome } from '../../../ui';
import { SaveOrCancel } from '../../../ui/record-editor';
import { typedWindowOf, WindowFields, windowProblem } from '../../../ui/window-fields';
import { useSaveSpeakingQuestion } from './use-speaking-admin';

export interface EditableQuestion {
  id: number;
  question_text: string;
  start_time: string;
  end_time: string;
  answer_seconds: number;
  /** Who it went to, in words; an edit keeps it. */
  audience: string;
}

/** The one-student select's first choice: the whole academy (issue 29, point 5). */
const EVERYONE = 'all';

/** The time limits offered for a recorded answer, in seconds (at most SPEAKING_MAX_SECONDS). */
const LIMIT_CHOICES = [30, 60, 90, 120, 180, 240, SPEAKING_MAX_SECONDS];

/** Creates or edits a speaking question: its text, when it is open, and how long an answer may be. */
export function QuestionForm({
  question,
  onDone,
}: {
  question?: EditableQuestion;
  onDone: (message: string) => void;
}) {
  const save = useSaveSpeakingQuestion();
  const zone = useAcademyTimeZone();
  const [text, setText] = useState(question?.question_text ?? '');
  const [times, setTimes] = useState(() =>
    typedWindowOf(question?.start_time, question?.end_time, zone),
  );
  const [seconds, setSeconds] = useState(question?.answer_seconds ?? SPEAKING_DEFAULT_SECONDS);
  // Everyone is an administrator's to ask; a teacher asks a class of theirs or their students.
  const isAdmin = useIsAdmin();
  const [recipients, setRecipients] = useState<Recipients>(
    isAdmin ? { kind: 'student', userId: EVERYONE } : { kind: 'class', classId: '' },
  );
  const forEveryone = recipients.kind === 'student' && recipients.userId === EVERYONE;
  // A limit set some other way (the API takes any from 10 s) stays offered as it is.
  const choices = LIMIT_CHOICES.includes(seconds)
    ? LIMIT_CHOICES
    : [...LIMIT_CHOICES, seconds].sort((a, b) => a - b);
  const outcome = useFormOutcome(() =>
    !text.trim()
      ? 'Please enter the question.'
      : (windowProblem(times) ??
        (question || forEveryone
          ? null
          : recipientsProblem(recipients, 'Please select a student.'))),
  );

  const handleSend = () =>
    save.mutate(
      {
        ...(question ? { id: question.id } : {}),
        question_text: text.trim(),
        start_time: times.opens,
        end_time: times.closes,
        answer_seconds: seconds,
        // A new question goes to whom it names; an edit keeps who it was for.
        ...(question || forEveryone ? {} : recipientPayload(recipients)),
      },
      outcome.reports(explainFailure('Failed to save the question. Please try again.'), onDone),
    );

  return (
    <FormCard
      title={question ? 'Edit question' : 'New speaking question'}
      onSend={handleSend}
      outcome={outcome}
    >
      <TextAreaField
        label="Question"
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={2000}
      />
      {question ? (
        <p>For: {question.audience}</p>
      ) : (
        <RecipientsPicker
          value={recipients}
          onChange={setRecipients}
          studentLabel="Student"
          extraOptions={isAdmin ? <option value={EVERYONE}>Everyone</option> : undefined}
        />
      )}
      <WindowFields window={times} zone={zone} onChange={setTimes} />
      <SelectField
        label="Recording time limit"
        hint="A recording in the browser stops by itself at this length."
        value={seconds}
        onChange={(e) => setSeconds(Number(e.target.value))}
      >
        <Options values={choices} label={describeDuration} />
      </SelectField>
      <SaveOrCancel outcome={outcome} busy={save.isPending} onCancel={() => onDone('')} />
    </FormCard>
  );
}
