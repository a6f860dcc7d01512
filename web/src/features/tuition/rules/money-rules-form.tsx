import type { CallResponse } from '@academy/contract';
import {
  LATE_JOIN_RULES,
  LATE_JOIN_WORDS,
  REFUND_RULE_WORDS,
  REFUND_RULES,
} from '@academy/contract/tuition/rules';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import {
  Form,
  FormActions,
  NumberField,
  Options,
  SelectField,
  useFields,
  useFormOutcome,
} from '../../../ui';
import { LastSaved } from '../last-saved';
import { draftOf, type RulesDraft, readRules } from '../rules-draft';
import { useSaveMoneyRules } from '../use-money-rules';

type Saved = CallResponse<'getMoneyRules'>;

const saveFailure = explainFailure({
  network: NO_CONNECTION,
  refusalPrefix: 'The money rules were not saved: ',
  fallback: 'The money rules could not be saved. Please try again.',
});

/** A whole percent's field: 0 to 100. */
const percent = { min: 0, max: 100, step: 1 } as const;

/**
 * The money rules as a form: late joining, the shares kept when a student leaves and what
 * else is kept after the start, then the discounts. The form's checks are the server's.
 */
export function MoneyRulesForm({ saved }: { saved: Saved }) {
  const { values, bind } = useFields<RulesDraft>(draftOf(saved.rules));
  const save = useSaveMoneyRules();
  const outcome = useFormOutcome(() => {
    const read = readRules(values);
    return 'problem' in read ? read.problem : null;
  });
  const handleSend = () => {
    const read = readRules(values);
    if ('rules' in read) save.mutate(read.rules, outcome.reports(saveFailure));
  };
  return (
    <Form onSend={handleSend} outcome={outcome} aria-label="Money rules">
      <p>The rules apply to charges made from now on; what is charged already stays as it is.</p>
      <SelectField
        label="A student joining late pays"
        hint="For a student who joins a class after its term has started."
        {...bind('late_join')}
      >
        <Options values={LATE_JOIN_RULES} label={(rule) => LATE_JOIN_WORDS[rule]} />
      </SelectField>
      <NumberField
        label="Share kept before the term starts (%)"
        hint="Of the fee, when a student leaves before the term’s first day."
        {...percent}
        {...bind('kept_before_percent')}
      />
      <NumberField
        label="Share kept after the term starts (%)"
        hint="Of the fee, when a student leaves once it has started; not less than the share before."
        {...percent}
        {...bind('kept_after_percent')}
      />
      <SelectField
        label="After the start, the academy also keeps"
        hint="The sessions already held are counted of what is left after the share."
        {...bind('refund_rule')}
      >
        <Options values={REFUND_RULES} label={(rule) => REFUND_RULE_WORDS[rule]} />
      </SelectField>
      <NumberField
        label="Second child’s discount (%)"
        hint="Siblings are students who share a guardian’s phone or e-mail. Sibling discounts are given when a class is charged."
        {...percent}
        {...bind('sibling_second_percent')}
      />
      <NumberField
        label="Third and later child’s discount (%)"
        hint="Off the fee of a family’s third child and every one after."
        {...percent}
        {...bind('sibling_third_percent')}
      />
      <NumberField
        label="Staff child discount (%)"
        hint="Offered at the desk on a staff member’s child’s statement. 0: none."
        {...percent}
        {...bind('staff_child_percent')}
      />
      <LastSaved saved={saved.saved} />
      <FormActions
        outcome={outcome}
        label="Save the money rules"
        busy={save.isPending}
        busyLabel="Saving..."
      />
    </Form>
  );
}
