import { COUNTS_RULE_WORDS, COUNTS_RULES } from '@academy/contract/quizzes/attempts';
import { QUIZ_TAG_MAX } from '@academy/contract/results';
import { OutOfField } from '../../../components';
import { FieldRow, NumberField, Options, SelectField, TextField } from '../../../ui';
import { WindowFields } from '../../../ui/window-fields';
import { DescriptionField, TitleField } from '../../../ui/work-fields';
import styles from './builder.module.css';
import type { QuizDraft } from './quiz-draft';
import { BUILT_KINDS, KIND_WORDS } from './words';

export interface DraftFieldsProps {
  draft: QuizDraft;
  onChange: (change: Partial<QuizDraft>) => void;
}

/** What the quiz is and when it is open: title, description, kind and window. */
export function AboutFields({ draft, onChange, zone }: DraftFieldsProps & { zone?: string }) {
  return (
    <>
      <TitleField value={draft.title} onChange={(e) => onChange({ title: e.target.value })} />
      <DescriptionField
        label="Description (optional)"
        hint="Students read it before they start."
        rows={3}
        value={draft.description}
        onChange={(e) => onChange({ description: e.target.value })}
      />
      <TextField
        label="Tag (optional)"
        hint="A result sheet can average the term’s quizzes with one tag, such as Vocabulary."
        maxLength={QUIZ_TAG_MAX}
        value={draft.tag}
        onChange={(e) => onChange({ tag: e.target.value })}
      />
      <SelectField
        label="Kind"
        hint={
          draft.kind === 'placement'
            ? 'A placement test suggests a level from the score, by the bands below.'
            : undefined
        }
        value={draft.kind}
        onChange={(e) => onChange({ kind: e.target.value === 'placement' ? 'placement' : 'quiz' })}
      >
        <Options values={BUILT_KINDS} label={(kind) => KIND_WORDS[kind]} />
      </SelectField>
      <WindowFields window={draft.window} zone={zone} onChange={(window) => onChange({ window })} />
    </>
  );
}

/** How it is taken: time, attempts and which counts, the mark's maximum, order and pages. */
export function RulesFields({ draft, onChange }: DraftFieldsProps) {
  return (
    <>
      <FieldRow>
        <NumberField
          label="Time limit (minutes)"
          hint="Blank: until the quiz closes."
          value={draft.timeLimit}
          onChange={(e) => onChange({ timeLimit: e.target.value })}
        />
        <NumberField
          label="Attempts allowed"
          hint="0: as many as a student likes."
          value={draft.attempts}
          onChange={(e) => onChange({ attempts: e.target.value })}
        />
        <SelectField
          label="Which attempt counts"
          value={draft.counts}
          onChange={(e) => onChange({ counts: e.target.value as QuizDraft['counts'] })}
        >
          <Options values={COUNTS_RULES} label={(rule) => COUNTS_RULE_WORDS[rule]} />
        </SelectField>
        <OutOfField
          label="Marked out of"
          value={draft.outOf}
          onChange={(e) => onChange({ outOf: e.target.value })}
        />
      </FieldRow>
      <fieldset className={styles.group}>
        <legend>How it is shown</legend>
        <div className={styles.checks}>
          <label>
            <input
              type="checkbox"
              checked={draft.onePerPage}
              onChange={(e) => onChange({ onePerPage: e.target.checked })}
            />
            One question a screen (otherwise every question on one page)
          </label>
          <label>
            <input
              type="checkbox"
              checked={draft.shuffleItems}
              onChange={(e) => onChange({ shuffleItems: e.target.checked })}
            />
            Shuffle the questions for each attempt
          </label>
          <label>
            <input
              type="checkbox"
              checked={draft.shuffleOptions}
              onChange={(e) => onChange({ shuffleOptions: e.target.checked })}
            />
            Shuffle each question’s options
          </label>
        </div>
      </fieldset>
    </>
  );
}
