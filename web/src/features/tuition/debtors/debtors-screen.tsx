import { useState } from 'react';
import { call } from '../../../api/client';
import { explainFailure } from '../../../api/failure-text';
import { CsvExportButton } from '../../../components/csv-export-button';
import { FileDownloadButton } from '../../../components/file-download-button';
import { paths } from '../../../shared/paths';
import {
  ActionRow,
  Button,
  FormMessage,
  PagedList,
  Screen,
  useFormOutcome,
  usePagedFilters,
} from '../../../ui';
import { AutoRemindersCard } from './auto-reminders-card';
import { DebtorFilters } from './debtor-filters';
import { DebtorTable, totalsLine } from './debtor-table';
import { ReminderPopup } from './reminder-popup';
import { filtersOf, NO_FILTERS, useDebtors } from './use-debtors';

const listFailure = explainFailure('The debtors could not be loaded. Please try again.');

/**
 * /payments/debtors (issue 52, point 5): who owes, most overdue first, filtered by class, term
 * and days overdue, with totals over every filtered payer; the list as CSV or a spreadsheet;
 * and a reminder to them all after a confirmation with the count and the SMS estimate; and
 * the automatic reminders before and after each instalment's due day.
 */
export default function DebtorsScreen() {
  const { filters, setFilter, pager } = usePagedFilters(NO_FILTERS);
  const debtors = useDebtors(filters);
  const message = useFormOutcome();
  const [reminding, setReminding] = useState(false);
  const chosen = filtersOf(filters);
  return (
    <Screen
      title="Who owes"
      subtitle="Payers who owe, most overdue first, with totals of the filtered list."
      back={{ to: paths.payments, label: 'Back to Payments' }}
    >
      <DebtorFilters filters={filters} onChange={setFilter} />
      <FormMessage outcome={message} />
      <PagedList
        query={debtors}
        pager={pager}
        loading="Loading who owes..."
        error={listFailure}
        isEmpty={(data) => data.totals.count === 0}
        empty="Nobody the filters keep owes anything."
      >
        {(data) => (
          <>
            <p aria-live="polite">
              <strong>{totalsLine(data)}</strong>
            </p>
            <DebtorTable data={data} />
            <ActionRow>
              <CsvExportButton
                fetchCsv={() => call('exportDebtors', chosen)}
                saved={(count) => `Exported ${count} payer${count === 1 ? '' : 's'}.`}
                failed="The list could not be exported. Please try again."
                message={message}
              >
                Export (CSV)
              </CsvExportButton>
              <FileDownloadButton call="exportDebtorsXlsx" payload={chosen} kind="xlsx">
                Export (XLSX)
              </FileDownloadButton>
              <Button onClick={() => setReminding(true)}>Send a reminder</Button>
            </ActionRow>
          </>
        )}
      </PagedList>
      <ReminderPopup
        open={reminding}
        filters={chosen}
        outcome={message}
        onClose={() => setReminding(false)}
      />
      <AutoRemindersCard />
    </Screen>
  );
}
