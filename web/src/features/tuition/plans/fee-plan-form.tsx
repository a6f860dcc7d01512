import type { CallResponse } from '@academy/contract';
import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import { useState } from 'react';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import type { Term } from '../../../api/terms';
import { FormActions, FormCard, useFormOutcome } from '../../../ui';
import { AmountField } from '../amount-field';
import { FeeItemsFields } from './fee-items-fields';
import { InstalmentPartsFields } from './instalment-parts-fields';
import {
  draftOf,
  draftProblems,
  draftTotal,
  type PlanDraft,
  readDraft,
  splitDraftEvenly,
} from './plan-draft';
import styles from './plans.module.css';
import { useSaveFeePlan } from './use-fee-plan';

const saveFailure = explainFailure({
  network: NO_CONNECTION,
  fallback: 'The fee plan could not be saved. Please try again.',
});

/**
 * A class's plan for a term, edited: the tuition, the items and the instalments, with a line
 * that says the total and, as the fields change, whether the parts add up (planProblems, the
 * server's own words). Save sends it once nothing stands in the way.
 */
export function FeePlanForm({
  classId,
  term,
  plan,
  currency,
}: {
  classId: number;
  term: Term;
  plan: CallResponse<'getFeePlan'>['plan'];
  currency: Currency;
}) {
  const save = useSaveFeePlan();
  const [draft, setDraft] = useState(() => draftOf(plan, currency));
  const change = (next: Partial<PlanDraft>) => setDraft((d) => ({ ...d, ...next }));
  const problems = draftProblems(draft, currency, term.first_day);
  const outcome = useFormOutcome(() => (problems.length > 0 ? problems.join(' ') : null));
  const total = draftTotal(draft, currency);

  const handleSend = () => {
    const read = readDraft(draft, currency);
    if ('problems' in read) return;
    save.mutate(
      { class_id: classId, term_id: term.id, ...read.request },
      outcome.reports(saveFailure),
    );
  };

  return (
    <FormCard title={`Fee plan for ${term.name}`} onSend={handleSend} outcome={outcome}>
      <AmountField
        label="Tuition"
        currency={currency}
        value={draft.tuition}
        onChange={(e) => change({ tuition: e.target.value })}
      />
      <FeeItemsFields
        items={draft.items}
        currency={currency}
        onChange={(items) => change({ items })}
      />
      <InstalmentPartsFields
        parts={draft.parts}
        currency={currency}
        onChange={(parts) => change({ parts })}
        onSplit={total ? () => setDraft((d) => splitDraftEvenly(d, currency)) : undefined}
      />
      <div role="status" aria-live="polite">
        <p className={styles.line}>
          {total === null
            ? 'Total: type the tuition and the items’ amounts.'
            : `Total: ${formatMoney(total, currency, { withCode: true })}` +
              (problems.length === 0 ? ', and the parts add up.' : '.')}
        </p>
        {/* Once Save has shown them as the form's message, they are not said twice. */}
        {problems.length > 0 && !outcome.message?.isCheck && (
          <ul className={styles.problems}>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
      <FormActions outcome={outcome} label="Save the plan" busy={save.isPending} fill />
    </FormCard>
  );
}
