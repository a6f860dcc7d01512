import { useId, useState } from 'react';
import { explainFailure } from '../../../api/failure-text';
import { Card, Message, QueryView, SelectField } from '../../../ui';
import { receiptCheckWords } from './report-view';
import { useReceiptCheck } from './use-money-reports';

const failure = explainFailure('The receipt numbers could not be checked. Please try again.');

/** One series' check under its heading: the first line as its outcome, then the rest. */
function SeriesWords({
  title,
  words,
}: {
  title: string;
  words: ReturnType<typeof receiptCheckWords>;
}) {
  const headingId = useId();
  const [first, ...rest] = words.lines;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <Message tone={words.tone}>{first}</Message>
      {rest.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </section>
  );
}

/**
 * A year's receipt numbers checked: every number from 1 to the highest once, or what is
 * missing and what is twice, in words; the voided receipts keep their numbers. Then the
 * year's refund notes, their own series, checked the same way.
 */
export function ReceiptCheckCard() {
  const [year, setYear] = useState('');
  const check = useReceiptCheck(year);
  return (
    <Card title="Receipt numbers">
      <QueryView query={check} loading="Checking the receipt numbers..." error={failure}>
        {(data) => (
          <>
            <SelectField
              label="Year"
              value={year || String(data.year)}
              onChange={(e) => setYear(e.target.value)}
            >
              {data.years.map((y) => (
                <option key={y} value={String(y)}>
                  {y}
                </option>
              ))}
            </SelectField>
            <SeriesWords title="Receipts" words={receiptCheckWords(data)} />
            <SeriesWords
              title="Refund notes"
              words={receiptCheckWords({ ...data.refund_notes, year: data.year }, 'refund note')}
            />
          </>
        )}
      </QueryView>
    </Card>
  );
}
