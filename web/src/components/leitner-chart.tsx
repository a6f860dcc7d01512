import type { CallResponse } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { call } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { Facts } from '../ui/facts';
import { QueryCard } from '../ui/query-card';
import styles from './leitner-chart.module.css';

export type LeitnerProgress = CallResponse<'getLeitnerProgress'>;

/** One student's Leitner progress; refreshed with their cards (the live topic 'cards'). */
export function useLeitnerProgress(userId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.flashcards.progress(userId),
    queryFn: () => call('getLeitnerProgress', { user_id: userId ?? 0 }),
    enabled: userId !== undefined,
  });
}

const BAR_WIDTH = 40;
const GAP = 16;
const PLOT_HEIGHT = 120;
const LABEL_ROOM = 22;
const COUNT_ROOM = 20;

/** The bars: levels 1 to 5 and retired, each as tall as its share of the fullest. */
function LeitnerBars({ progress }: { progress: LeitnerProgress }) {
  const bars = [
    ...progress.levels.map((l) => ({ key: `${l.level}`, label: `${l.level}`, cards: l.cards })),
    { key: 'retired', label: 'Retired', cards: progress.retired },
  ];
  const most = Math.max(1, ...bars.map((b) => b.cards));
  const width = bars.length * BAR_WIDTH + (bars.length - 1) * GAP;
  const height = COUNT_ROOM + PLOT_HEIGHT + LABEL_ROOM;
  const total = bars.reduce((sum, b) => sum + b.cards, 0);
  const words = bars
    .map((b) => `${b.key === 'retired' ? 'retired' : `level ${b.label}`}: ${b.cards}`)
    .join(', ');
  return (
    <figure className={styles.figure}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`Cards per level, ${total} in all. ${words}.`}
      >
        {bars.map((bar, i) => {
          const x = i * (BAR_WIDTH + GAP);
          const barHeight = bar.cards === 0 ? 0 : Math.max(2, (bar.cards / most) * PLOT_HEIGHT);
          const top = COUNT_ROOM + PLOT_HEIGHT - barHeight;
          return (
            <g key={bar.key}>
              <rect
                className={bar.key === 'retired' ? styles.retired : styles.bar}
                x={x}
                y={top}
                width={BAR_WIDTH}
                height={barHeight}
                rx={4}
              />
              <text className={styles.count} x={x + BAR_WIDTH / 2} y={top - 6} textAnchor="middle">
                {bar.cards}
              </text>
              <text
                className={styles.label}
                x={x + BAR_WIDTH / 2}
                y={height - 6}
                textAnchor="middle"
              >
                {bar.label}
              </text>
            </g>
          );
        })}
        <line
          className={styles.axis}
          x1={0}
          x2={width}
          y1={COUNT_ROOM + PLOT_HEIGHT}
          y2={COUNT_ROOM + PLOT_HEIGHT}
        />
      </svg>
      <figcaption className={styles.caption}>Cards per level</figcaption>
    </figure>
  );
}

/** The figures beside the bars: due today and this week, this week's answers, the run of days. */
function LeitnerFigures({ progress }: { progress: LeitnerProgress }) {
  const days = progress.streak_days;
  return (
    <Facts
      className={styles.figures}
      facts={[
        ['Due today', progress.due_today],
        ['Due this week', progress.due_this_week],
        ['Answers this week', progress.answered_this_week],
        [
          'Days in a row',
          <>
            {days} {days === 1 ? 'day' : 'days'}
            {days > 0 && !progress.practised_today && (
              <span className={styles.note}> (practise today to keep it)</span>
            )}
          </>,
        ],
      ]}
    />
  );
}

/**
 * The Leitner box as a chart (the student's Leitner Box screen, the admin's view of a student):
 * cards per level and retired, due today and this week, and the run of days practised.
 */
export function LeitnerChart({
  userId,
  title = 'Your progress',
  footer,
}: {
  userId: number | undefined;
  title?: string;
  /** Below the chart: a link to the cards. */
  footer?: ReactNode;
}) {
  const progress = useLeitnerProgress(userId);
  return (
    <QueryCard
      title={title}
      footer={footer}
      query={progress}
      loading="Loading progress..."
      error="Could not load the progress."
    >
      {(data) => (
        <div className={styles.layout}>
          <LeitnerBars progress={data} />
          <LeitnerFigures progress={data} />
        </div>
      )}
    </QueryCard>
  );
}
