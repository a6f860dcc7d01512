import { hasMoney } from '@academy/contract/tuition/statement';
import { Suspense } from 'react';
import { lazyOrNothing } from '../../shared/lazy';
import { useMyStatement } from '../../shared/own-statement';

// A drawing that cannot be fetched leaves the tile out, as a failed read of the statement
// does, rather than the home's error screen.
const PaymentsSummary = lazyOrNothing('The Payments tile', () =>
  import('./payments-summary').then((m) => m.default),
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
