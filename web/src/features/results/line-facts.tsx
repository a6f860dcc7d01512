import {
  type ComponentSource,
  NOT_ELIGIBLE,
  OUTCOME_WORDS,
  SOURCE_WORDS,
  scoreText,
} from '@academy/contract/results';
import { Tag } from '../../ui';
import styles from './results.module.css';
import type { SheetStudent } from './use-results';

/** Where a computed component's scores come from, inside a sentence: 'the roll’s points'. */
export const fromWords = (source: ComponentSource) => SOURCE_WORDS[source].replace(/^The /, 'the ');

/** A score or total as the sheet shows it: '78.5', or a dash where there is none yet. */
export function ScoreText({ score }: { score: number | null }) {
  return score === null ? (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">None yet</span>
    </>
  ) : (
    scoreText(score)
  );
}

/** A student over the absence limit: their absences, and that they may not sit the final. */
export function Eligibility({ line }: { line: SheetStudent }) {
  if (line.eligible) return null;
  return (
    <span className={styles.facts}>
      <Tag tone="danger">{NOT_ELIGIBLE}</Tag>{' '}
      <span className={styles.muted}>
        {line.absences === 1 ? '1 absence' : `${line.absences} absences`}
      </span>
    </span>
  );
}

/**
 * A student's outcome, what they still lack a score on, and how their line stands against what
 * was published: published as it is, changed since, or not published yet (a sheet published
 * before they joined the class).
 */
export function LineOutcome({ line, isPublished }: { line: SheetStudent; isPublished: boolean }) {
  return (
    <span className={styles.facts}>
      {line.outcome ? (
        <span className={styles.outcome}>{OUTCOME_WORDS[line.outcome]}</span>
      ) : (
        <span className={styles.muted}>No total yet</span>
      )}
      {line.missing.length > 0 && (
        <span className={styles.muted}>Missing: {line.missing.join(', ')}</span>
      )}
      {line.published && line.differs && <Tag tone="warning">Changed since published</Tag>}
      {line.published && !line.differs && <Tag tone="success">Published</Tag>}
      {isPublished && !line.published && <Tag tone="info">Not published yet</Tag>}
    </span>
  );
}

/** A component the teacher excused or overrode for the student, said beside its score. */
export function AdjustedTag({ line, componentKey }: { line: SheetStudent; componentKey: string }) {
  const adjusted = line.adjustments.find((a) => a.component_key === componentKey);
  if (!adjusted) return null;
  const said = adjusted.kind === 'excused' ? 'Excused' : 'Overridden';
  return (
    <span className={styles.adjusted} title={adjusted.reason ?? undefined}>
      <Tag tone="info">{said}</Tag>
      {adjusted.reason && <span className="visually-hidden">: {adjusted.reason}</span>}
    </span>
  );
}
