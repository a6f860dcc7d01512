import { explainFailure } from '../../../api/failure-text';
import { ConfirmPopup, type FormOutcome, Loading, Message } from '../../../ui';
import { type DebtorFilters, useRemindDebtors, useReminderEstimate } from './use-debtors';

const payers = (n: number) => `${n} payer${n === 1 ? '' : 's'}`;

const sendFailure = explainFailure('The reminder could not be sent. Please try again.');
const estimateFailure = explainFailure('How many would be told could not be counted.');

/** What the reminder would do: how many it tells, and the SMS it would queue. */
function EstimateWords({ estimate }: { estimate: ReturnType<typeof useReminderEstimate> }) {
  if (estimate.isPending) return <Loading>Counting who would be told...</Loading>;
  if (estimate.isError) return <Message tone="error">{estimateFailure(estimate.error)}</Message>;
  const { count, sms_ready, left } = estimate.data;
  if (count === 0) return <p>No payer the filters keep owes anything, so nobody would be told.</p>;
  const sms = !sms_ready
    ? 'SMS is not set up, so none is sent.'
    : `About ${estimate.data.estimate} SMS (to payers who chose SMS and to guardians)` +
      (left === null ? '.' : `; ${left} are left this month.`);
  return (
    <>
      <p>
        This tells {payers(count)} what they owe and when the next part falls due: in the app, and
        by e-mail and SMS as each chose.
      </p>
      <p>{sms}</p>
      {sms_ready && left !== null && estimate.data.estimate > left && (
        <Message tone="info">Those past this month's cap will not be sent.</Message>
      )}
    </>
  );
}

/** "Send a reminder": the count and the SMS estimate first, then the reminder to them all. */
export function ReminderPopup({
  open,
  filters,
  outcome,
  onClose,
}: {
  open: boolean;
  filters: DebtorFilters;
  outcome: FormOutcome;
  onClose: () => void;
}) {
  const estimate = useReminderEstimate(filters, open);
  const remind = useRemindDebtors();
  const count = estimate.data?.count ?? 0;
  return (
    <ConfirmPopup
      open={open}
      title="Send a reminder"
      confirmLabel={count > 0 ? `Remind ${payers(count)}` : 'Send the reminder'}
      busy={remind.isPending || count === 0}
      onCancel={onClose}
      onConfirm={() =>
        remind.mutate(filters, {
          ...outcome.reports(sendFailure),
          onSettled: onClose,
        })
      }
    >
      <EstimateWords estimate={estimate} />
    </ConfirmPopup>
  );
}
