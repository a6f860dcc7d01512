import type { PaymentMethod } from '@academy/contract/tuition/limits';
import { useState } from 'react';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import {
  ActionRow,
  Button,
  ConfirmPopup,
  Facts,
  type FormOutcome,
  Message,
  QueryView,
  SelectField,
  useConfirmedChange,
} from '../../../ui';
import { MethodOptions } from '../method-options';
import styles from '../money.module.css';
import { useLeavingProposal, useSettleLeaving } from '../use-money-rules';
import { proposalFacts, type SettleChoice, settleChoices } from './leaving-view';

const loadFailure = explainFailure({
  network: NO_CONNECTION,
  refusalPrefix: 'No proposal: ',
  fallback: 'The proposal could not be worked out. Please try again.',
});

const settleFailure = explainFailure({
  network: NO_CONNECTION,
  refusalPrefix: 'It was not settled: ',
  fallback: 'It could not be settled. Please try again.',
});

/**
 * What the academy's rules propose for a student leaving this charge, in words, and its
 * settlement: the refund paid back, or kept as credit, each once confirmed. Once settled, it
 * says so and offers nothing more.
 */
export function LeavingProposal({
  studentId,
  chargeId,
  outcome,
}: {
  studentId: number;
  chargeId: number;
  /** Where the server's answer to the settlement is said. */
  outcome: FormOutcome;
}) {
  const proposal = useLeavingProposal(studentId, chargeId);
  const settle = useSettleLeaving();
  // How a refund goes back, as its refund note will say: asked in the refund's confirmation.
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const confirm = useConfirmedChange(
    settle,
    (choice: SettleChoice) => ({
      user_id: studentId,
      charge_id: chargeId,
      settle: choice.settle,
      method,
    }),
    outcome.reports(settleFailure),
  );
  return (
    <QueryView query={proposal} loading="Working out the proposal..." error={loadFailure}>
      {(p) => (
        <>
          <Facts facts={proposalFacts(p)} className={styles.facts} />
          {p.settled ? (
            <Message tone="info">
              This charge was settled when the student left: nothing more can be done.
            </Message>
          ) : (
            <ActionRow>
              {settleChoices(p).map((choice) => (
                <Button
                  key={choice.settle}
                  variant={choice.settle === 'refund' ? 'primary' : 'secondary'}
                  onClick={() => {
                    outcome.clear();
                    confirm.ask(choice);
                  }}
                >
                  {choice.label}
                </Button>
              ))}
            </ActionRow>
          )}
          <ConfirmPopup
            {...confirm.popup}
            title={confirm.subject ? `${confirm.subject.label}?` : ''}
            confirmLabel={confirm.subject?.confirm ?? ''}
          >
            {confirm.subject && <p>{confirm.subject.question}</p>}
            {confirm.subject?.paysBack && (
              <SelectField
                label="Paid back by"
                hint="The refund note says it."
                value={method}
                onChange={(event) => setMethod(event.target.value as PaymentMethod)}
              >
                <MethodOptions />
              </SelectField>
            )}
          </ConfirmPopup>
        </>
      )}
    </QueryView>
  );
}
