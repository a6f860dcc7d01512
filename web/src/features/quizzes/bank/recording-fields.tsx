import { ITEM_LIMITS } from '@academy/contract/quizzes/item-rules';
import { describeDuration } from '../../../media/recording';
import { Options, SelectField, TextAreaField } from '../../../ui';
import type { Parts } from './editor-state';

type DictationParts = Extract<Parts, { type: 'dictation' }>;
type SpokenParts = Extract<Parts, { type: 'spoken' }>;

/**
 * A dictation: what its passage's recording says, which the student writes down and the
 * server marks word by word (spelling exact, punctuation not counted).
 */
export function DictationFields({
  parts,
  onChange,
}: {
  parts: DictationParts;
  onChange: (parts: DictationParts) => void;
}) {
  return (
    <TextAreaField
      label="What the recording says"
      hint="Marked word by word: each word spelt right earns its share; punctuation and case do not count. Students never see it before the review."
      rows={4}
      maxLength={ITEM_LIMITS.prompt}
      value={parts.text}
      onChange={(e) => onChange({ ...parts, text: e.target.value })}
    />
  );
}

/** The longest recordings offered, in seconds (5 to ITEM_LIMITS.spokenSeconds). */
const SECONDS_CHOICES = [30, 60, 90, 120, 180, 240, ITEM_LIMITS.spokenSeconds];

/**
 * A spoken answer, recorded in the app and marked by a teacher: how long it may be, and what
 * the teacher listens for (shown in the review as the model answer, as the quiz allows).
 */
export function SpokenFields({
  parts,
  onChange,
}: {
  parts: SpokenParts;
  onChange: (parts: SpokenParts) => void;
}) {
  // A length set some other way (the API takes any from 5 s) stays offered as it is.
  const choices = SECONDS_CHOICES.includes(parts.seconds)
    ? SECONDS_CHOICES
    : [...SECONDS_CHOICES, parts.seconds].sort((a, b) => a - b);
  return (
    <>
      <SelectField
        label="Longest recording"
        hint="The recorder stops by itself at this length. A teacher marks the answer from the quiz's attempts."
        value={parts.seconds}
        onChange={(e) => onChange({ ...parts, seconds: Number(e.target.value) })}
      >
        <Options values={choices} label={describeDuration} />
      </SelectField>
      <TextAreaField
        label="Model answer (optional)"
        hint="What you listen for; shown in the review as the quiz's review options allow."
        rows={3}
        maxLength={ITEM_LIMITS.prompt}
        value={parts.modelAnswer}
        onChange={(e) => onChange({ ...parts, modelAnswer: e.target.value })}
      />
    </>
  );
}
