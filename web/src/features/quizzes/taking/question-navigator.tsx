import styles from './quizzes.module.css';

/**
 * Every question's number as a button, the one shown marked as current, each saying whether
 * it is answered (in words for a screen reader, by its look for the eye). Wraps on a phone.
 */
export function QuestionNavigator({
  count,
  current,
  isAnswered,
  onGo,
}: {
  count: number;
  current: number;
  isAnswered: (index: number) => boolean;
  onGo: (index: number) => void;
}) {
  return (
    <nav aria-label="Questions">
      <ol className={styles.navigator}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the questions' numbers are their keys.
          <li key={i}>
            <button
              type="button"
              className={[
                styles.navButton,
                isAnswered(i) && styles.navAnswered,
                i === current && styles.navCurrent,
              ]
                .filter(Boolean)
                .join(' ')}
              aria-current={i === current ? 'step' : undefined}
              aria-label={`Question ${i + 1}, ${isAnswered(i) ? 'answered' : 'not answered'}`}
              onClick={() => onGo(i)}
            >
              {i + 1}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
