import { useState } from 'react';
import { explainFailure } from '../../../api/failure-text';
import { Card, Message, QueryView, SelectField } from '../../../ui';
import { receiptCheckWords } from './report-view';
import { useReceiptCheck } from './use-money-reports';

const failure = explainFailure('The receipt numbers could not be checked. Please try again.');

/**
 * A year's receipt numbers checked: every number from 1 to the highest once, or what is
 * missing and what is twice, in words; the voided receipts keep their numbers.
 */
export function ReceiptCheckCard() {
  const [year, setYear] = useState('');
  const check = useReceiptCheck(year);
  return (
    <Card title="Receipt numbers">
      <QueryView query={check} loading="Checking the receipt numbers..." error={failure}>
        {(data) => {
          const { tone, lines } = receiptCheckWords(data);
          const [first, ...rest] = lines;
          return (
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
              <Message tone={tone}>{first}</Message>
              {rest.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </>
          );
        }}
      </QueryView>
    </Card>
  );
}
