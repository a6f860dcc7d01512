import { bandsProblem } from '@academy/contract/results';
import { explainFailure } from '../../api/failure-text';
import { FieldRow, Form, FormActions, NumberField, useFields, useFormOutcome } from '../../ui';
import { type Scheme, useSaveBands } from './use-results';

/** A whole number as typed; anything else NaN, which bandsProblem names. */
const wholeOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

function bandsOf(values: { passAt: string; conditionalAt: string }) {
  return {
    passAt: wholeOf(values.passAt),
    conditionalAt: values.conditionalAt.trim() === '' ? null : wholeOf(values.conditionalAt),
  };
}

/**
 * The academy's bands (issue 30, point 3): a total at or above the pass mark passes; from the
 * conditional pass up to it is a conditional pass; empty, there is none. Checked as the server
 * checks them (bandsProblem) before sending.
 */
export function BandsForm({ bands }: { bands: Scheme['bands'] }) {
  const save = useSaveBands();
  const { values, bind } = useFields({
    passAt: String(bands.pass_at),
    conditionalAt: bands.conditional_at === null ? '' : String(bands.conditional_at),
  });
  const outcome = useFormOutcome(() => bandsProblem(bandsOf(values)));
  const handleSend = () => {
    const next = bandsOf(values);
    save.mutate(
      { pass_at: next.passAt, conditional_at: next.conditionalAt },
      outcome.reports(explainFailure('The bands could not be saved. Please try again.')),
    );
  };
  return (
    <Form onSend={handleSend} outcome={outcome} aria-label="Bands">
      <FieldRow>
        <NumberField label="Pass at" hint="A total from this passes." {...bind('passAt')} />
        <NumberField
          label="Conditional pass from"
          hint="Up to the pass mark. Empty: no conditional pass."
          {...bind('conditionalAt')}
        />
      </FieldRow>
      <FormActions outcome={outcome} label="Save bands" busy={save.isPending} />
    </Form>
  );
}
