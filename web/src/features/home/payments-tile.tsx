import { hasMoney } from '@academy/contract/tuition/statement';
import { lazy, Suspense } from 'react';
import { useMyStatement } from '../../shared/own-statement';

const PaymentsSummary = lazy(() => import('./payments-summary'));

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
