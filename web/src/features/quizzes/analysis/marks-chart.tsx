import type { QuizAnalysis } from '@academy/contract';
import styles from './analysis.module.css';
import { bandWords } from './words';

/**
 * How the counted attempts' marks spread over ten bands, as bars with their counts written
 * beside them: a list a screen reader reads band by band ("20–30 %, 2 attempts"), the bars
 * only a picture of the counts (hidden from it). No chart library: a bar is a box of a width.
 */
export function MarksChart({ marks }: { marks: QuizAnalysis['marks'] }) {
  const most = Math.max(1, ...marks.distribution.map((band) => band.count));
  return (
    <figure className={styles.chart}>
      <figcaption>
        Attempts by mark, in bands of ten percent (a mark on a boundary counts in the band above).
      </figcaption>
      <ol className={styles.bands}>
        {marks.distribution.map((band) => (
          <li key={band.from}>
            <span className={styles.bandName}>{bandWords(band)}</span>
            <span className={styles.track} aria-hidden="true">
              <span className={styles.fill} style={{ width: `${(band.count / most) * 100}%` }} />
            </span>
            <span className={styles.count}>
              {band.count}
              <span className="visually-hidden">{band.count === 1 ? ' attempt' : ' attempts'}</span>
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
