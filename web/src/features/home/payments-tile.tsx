import { hasMoney } from '@academy/contract/tuition/statement';
import { type ComponentProps, type ComponentType, lazy, Suspense } from 'react';
import { useMyStatement } from '../../shared/own-statement';
import type Summary from './payments-summary';

// A drawing that cannot be fetched (offline before the worker kept it, a build swapped) leaves
// the tile out, as a failed read of the statement does, rather than the home's error screen.
const PaymentsSummary = lazy<ComponentType<ComponentProps<typeof Summary>>>(() =>
  import('./payments-summary').catch(() => ({ default: () => null })),
);

/**
 * The student home's Payments tile (issue 52, point 6), shown only to a student with money on
 * record (the academy's currency set and a row in their ledger): one who was never charged has
 * nothing to see there. It waits for the statement, kept on the phone, and for its drawing
 * (payments-summary.tsx), so a tile never flashes in and out; a failed read leaves it out
 * rather than alarm.
 */
export function PaymentsTile({ iconSize }: { iconSize: number }) {
  const { data } = useMyStatement();
  if (!data?.currency || !hasMoney(data)) return null;
  return (
    <Suspense fallback={null}>
      <PaymentsSummary statement={data} currency={data.currency} iconSize={iconSize} />
    </Suspense>
  );
}
