import { QUIZ_CARDS } from '@academy/contract/quizzes/quiz-rules';
import { Options, SelectField } from '../../../ui';
import styles from './builder.module.css';
import type { DraftFieldsProps } from './settings-fields';
import { CARDS_WORDS, REVIEW_SHOWS, REVIEW_WHEN, REVIEW_WHEN_WORDS } from './words';

const CARDS = QUIZ_CARDS;

/**
 * What a student sees of a submitted attempt and when, and what their mistakes become. The
 * right answers and the feedback tell the key: shown at once, they go round the class before
 * the others have sat the quiz, so the hint says so.
 */
export function ReviewFields({ draft, onChange }: DraftFieldsProps) {
  const { review } = draft;
  return (
    <>
      <fieldset className={styles.group}>
        <legend>After an attempt, the student sees</legend>
        <div className={styles.checks}>
          {REVIEW_SHOWS.map(([field, words]) => (
            <label key={field}>
              <input
                type="checkbox"
                checked={review[field]}
                onChange={(e) => onChange({ review: { ...review, [field]: e.target.checked } })}
              />
              {words}
            </label>
          ))}
        </div>
        <SelectField
          label="When"
          hint={
            review.when === 'at_once' && (review.right_answers || review.feedback)
              ? 'Right answers shown at once can reach students who have not sat the quiz yet.'
              : undefined
          }
          value={review.when}
          onChange={(e) =>
            onChange({ review: { ...review, when: e.target.value as typeof review.when } })
          }
        >
          <Options values={REVIEW_WHEN} label={(when) => REVIEW_WHEN_WORDS[when]} />
        </SelectField>
      </fieldset>
      <fieldset className={styles.group}>
        <legend>Mistakes and the Leitner box</legend>
        <div className={styles.checks}>
          {CARDS.map((choice) => (
            <label key={choice}>
              <input
                type="radio"
                name="cards"
                checked={draft.cards === choice}
                onChange={() => onChange({ cards: choice })}
              />
              {CARDS_WORDS[choice]}
            </label>
          ))}
        </div>
        <p className={styles.muted}>
          A card needs the right answer, so only while the review shows it.
        </p>
      </fieldset>
    </>
  );
}
