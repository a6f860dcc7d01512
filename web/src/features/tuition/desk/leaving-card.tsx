import type { Currency } from '@academy/contract/tuition/money';
import { useState } from 'react';
import { Card, EmptyState, FormMessage, SelectField, useFormOutcome } from '../../../ui';
import styles from '../money.module.css';
import { chargeWords, chosenCharge, standingCharges } from '../rules-draft';
import type { StatementRow } from '../statement';
import { LeavingProposal } from './leaving-proposal';

/**
 * "A student leaves" on a payer's statement (issue 52, point 2): one of their standing charges
 * chosen, what the academy's rules propose for it (kept, refunded, still owed), and settling
 * it as a refund or as credit for the next term. The server's answer is said above.
 */
export function LeavingCard({
  studentId,
  rows,
  currency,
}: {
  studentId: number;
  rows: readonly StatementRow[];
  currency: Currency;
}) {
  const charges = standingCharges(rows);
  const [typed, setTyped] = useState('');
  const outcome = useFormOutcome();
  const chargeId = chosenCharge(typed, charges);
  return (
    <Card title="A student leaves">
      {charges.length === 0 ? (
        <EmptyState>There is no charge to settle.</EmptyState>
      ) : (
        <div className={styles.leaving}>
          <SelectField
            label="The charge of the class they leave"
            value={chargeId}
            onChange={(event) => {
              outcome.clear();
              setTyped(event.target.value);
            }}
          >
            {charges.map((row) => (
              <option key={row.id} value={row.id}>
                {chargeWords(row, currency)}
              </option>
            ))}
          </SelectField>
          <FormMessage outcome={outcome} />
          <LeavingProposal studentId={studentId} chargeId={Number(chargeId)} outcome={outcome} />
        </div>
      )}
    </Card>
  );
}
