import type { CallResponse } from '@academy/contract';
import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { studentCount } from '../../../lib/student-count';
import {
  ActionRow,
  Button,
  Card,
  ConfirmPopup,
  FormMessage,
  useConfirmedChange,
  useFormOutcome,
} from '../../../ui';
import { useChargeClassFees } from './use-fee-plan';

type Plan = NonNullable<CallResponse<'getFeePlan'>['plan']>;

const chargeFailure = explainFailure({
  network: NO_CONNECTION,
  fallback: 'The class could not be charged. Please try again.',
});

/**
 * Charging the saved plan to the class's students (issue 52): asked first, with how many and
 * how much each; students charged it already are left as they are (the server says so). Once
 * charged, the plan is in force: students who join later are charged as they join.
 */
export function ChargeClass({
  classId,
  termId,
  plan,
  currency,
  studentCount: students,
}: {
  classId: number;
  termId: number;
  plan: Plan;
  currency: Currency;
  studentCount: number | undefined;
}) {
  const charge = useChargeClassFees();
  const outcome = useFormOutcome();
  const confirm = useConfirmedChange(
    charge,
    () => ({ class_id: classId, term_id: termId }),
    outcome.reports(chargeFailure),
  );
  const each = formatMoney(plan.total, currency, { withCode: true });
  const parts = plan.parts.length;
  return (
    <Card title="Charge the class">
      <p>
        {`Each student owes ${each}, in ${parts} part${parts === 1 ? '' : 's'}. `}
        {plan.charged === 0
          ? 'No student has been charged this plan yet.'
          : `${studentCount(plan.charged)} charged this plan already.`}
      </p>
      <ActionRow>
        <Button variant="primary" onClick={() => confirm.ask(true)}>
          Charge the class
        </Button>
      </ActionRow>
      <FormMessage outcome={outcome} />
      <ConfirmPopup {...confirm.popup} title="Charge the class?" confirmLabel="Charge">
        <p>
          {students === undefined
            ? `Each student of the class is charged ${each}.`
            : `The class's ${studentCount(students)} ${students === 1 ? 'is' : 'are'} charged ${each} each.`}{' '}
          Students charged this plan already are left as they are. After the term has started, and
          for brothers and sisters, the academy’s money rules decide the amount. Students who join
          the class later are charged as they join. A charge is not deleted once made: a mistake is
          voided with a reason.
        </p>
      </ConfirmPopup>
    </Card>
  );
}
