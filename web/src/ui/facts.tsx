import type { ReactNode } from 'react';

/** One fact: what it is, and its value. */
export type Fact = readonly [label: string, value: ReactNode];

/**
 * Facts about one thing, each a label and its value (a description list, read out as pairs):
 * a student's profile, a report card's attendance, an audit entry's details. The look is the
 * caller's (`className`): a grid, a row of figures.
 */
export function Facts({ facts, className }: { facts: readonly Fact[]; className?: string }) {
  return (
    <dl className={className}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
