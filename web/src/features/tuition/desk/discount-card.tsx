import { LEDGER_TEXT_MAX } from '@academy/contract/tuition/limits';
import type { Currency } from '@academy/contract/tuition/money';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import {
  ActionRow,
  Button,
  Card,
  EmptyState,
  FieldRow,
  Form,
  FormActions,
  NumberField,
  SelectField,
  TextField,
  useFields,
  useFormOutcome,
} from '../../../ui';
import { AmountField } from '../amount-field';
import {
  chargeWords,
  chosenCharge,
  type DiscountDraft,
  emptyDiscount,
  readDiscount,
  standingCharges,
} from '../rules-draft';
import type { StatementRow } from '../statement';
import { useGrantDiscount, useMoneyRules } from '../use-money-rules';

const discountFailure = explainFailure({
  network: NO_CONNECTION,
  refusalPrefix: 'The discount was not given: ',
  fallback: 'The discount could not be given. Please try again.',
});

interface DiscountProps {
  studentId: number;
  rows: readonly StatementRow[];
  currency: Currency;
}

/**
 * "Give a discount" on a payer's statement (issue 52, point 2): a percent of one of their
 * standing charges or an amount off it, with the reason; a row beside the charge, nothing
 * changed. The staff child discount of the academy's rules is one button away.
 */
export function DiscountCard(props: DiscountProps) {
  const charges = standingCharges(props.rows);
  return (
    <Card title="Give a discount">
      {charges.length === 0 ? (
        <EmptyState>There is no charge to discount.</EmptyState>
      ) : (
        <DiscountForm {...props} charges={charges} />
      )}
    </Card>
  );
}

function DiscountForm({
  studentId,
  currency,
  charges,
}: DiscountProps & { charges: StatementRow[] }) {
  const { values, set, bind, reset } = useFields<DiscountDraft>(emptyDiscount);
  const draft = { ...values, charge_id: chosenCharge(values.charge_id, charges) };
  const staffPercent = useMoneyRules().data?.rules.staff_child_percent ?? 0;
  const grant = useGrantDiscount();
  const read = () => readDiscount(draft, { studentId, currency });
  const outcome = useFormOutcome(() => {
    const answer = read();
    return 'problem' in answer ? answer.problem : null;
  });
  const handleSend = () => {
    const answer = read();
    if ('discount' in answer)
      grant.mutate(
        answer.discount,
        outcome.reports(discountFailure, (message) => {
          reset();
          outcome.succeed(message);
        }),
      );
  };
  return (
    <Form onSend={handleSend} outcome={outcome} aria-label="Give a discount">
      <SelectField label="Charge" {...bind('charge_id')} value={draft.charge_id}>
        {charges.map((row) => (
          <option key={row.id} value={row.id}>
            {chargeWords(row, currency)}
          </option>
        ))}
      </SelectField>
      {staffPercent > 0 && (
        <ActionRow>
          <Button
            variant="secondary"
            size="small"
            onClick={() => {
              set({ kind: 'percent', value: String(staffPercent), reason: 'Staff child' });
              outcome.onEntry();
            }}
          >
            Staff child: {staffPercent}%
          </Button>
        </ActionRow>
      )}
      <FieldRow>
        <SelectField label="Discount as" {...bind('kind')}>
          <option value="percent">A percent of the charge</option>
          <option value="amount">An amount</option>
        </SelectField>
        {values.kind === 'percent' ? (
          <NumberField label="Percent" min={1} max={100} step={1} {...bind('value')} />
        ) : (
          <AmountField label="Amount" currency={currency} {...bind('value')} />
        )}
      </FieldRow>
      <TextField
        label="Reason"
        hint="Said on the statement beside the discount."
        maxLength={LEDGER_TEXT_MAX}
        autoComplete="off"
        {...bind('reason')}
      />
      <FormActions
        outcome={outcome}
        label="Give the discount"
        busy={grant.isPending}
        busyLabel="Giving..."
      />
    </Form>
  );
}
