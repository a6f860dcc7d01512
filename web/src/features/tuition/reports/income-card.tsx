import { call } from '../../../api/client';
import { explainFailure } from '../../../api/failure-text';
import { CsvExportButton } from '../../../components/csv-export-button';
import { todayOn } from '../../../lib/dates';
import { useAcademyTimeZone } from '../../../shared/branding';
import {
  ActionRow,
  Card,
  FieldRow,
  FormMessage,
  Message,
  QueryView,
  SelectField,
  TextField,
  useFields,
  useFormOutcome,
} from '../../../ui';
import { moneyIn } from '../statement';
import { IncomeTable } from './income-table';
import { incomeDraftFor, incomeLine, incomeRequest, periodWords } from './report-view';
import { useIncome } from './use-money-reports';

const failure = explainFailure('The income could not be loaded. Please try again.');

/**
 * Income over a range (this month so far to start with), by day or by month: payments less
 * refunds per method, voided payments left out, with the range's totals and a CSV of it.
 */
export function IncomeCard() {
  const today = todayOn(useAcademyTimeZone());
  const { values, set, bind } = useFields(incomeDraftFor(today));
  const asked = incomeRequest(values);
  const request = 'request' in asked ? asked.request : null;
  const income = useIncome(request);
  const message = useFormOutcome();
  return (
    <Card title="Income">
      <FieldRow role="group" aria-label="Range">
        <TextField label="From" type="date" max={values.to || undefined} {...bind('from')} />
        <TextField label="To" type="date" min={values.from || undefined} {...bind('to')} />
        <SelectField
          label="Group by"
          value={values.by}
          onChange={(e) => set({ by: e.target.value === 'month' ? 'month' : 'day' })}
        >
          <option value="day">Day</option>
          <option value="month">Month</option>
        </SelectField>
      </FieldRow>
      {'problem' in asked ? (
        <Message tone="error">{asked.problem}</Message>
      ) : (
        <QueryView
          query={income}
          loading="Loading the income..."
          error={failure}
          isEmpty={(data) => data.periods.length === 0}
          empty={(data) =>
            `No payment or refund from ${periodWords(data.from)} to ${periodWords(data.to)}.`
          }
        >
          {(data) => (
            <>
              <p aria-live="polite">
                <strong>{incomeLine(data, moneyIn(data.currency))}</strong>
              </p>
              <IncomeTable income={data} />
              <FormMessage outcome={message} />
              <ActionRow>
                <CsvExportButton
                  fetchCsv={() =>
                    call('exportMoneyIncome', { from: data.from, to: data.to, by: data.by })
                  }
                  saved={(count) => `Exported ${count} ${data.by}${count === 1 ? '' : 's'}.`}
                  failed="The income could not be exported. Please try again."
                  message={message}
                >
                  Export (CSV)
                </CsvExportButton>
              </ActionRow>
            </>
          )}
        </QueryView>
      )}
    </Card>
  );
}
