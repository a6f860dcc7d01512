import type { TeacherPayListResponse } from '@academy/contract';
import { useState } from 'react';
import { call } from '../../../api/client';
import { explainFailure } from '../../../api/failure-text';
import { CsvExportButton } from '../../../components/csv-export-button';
import { useAcademyToday } from '../../../shared/academy-today';
import { paths } from '../../../shared/paths';
import {
  ActionRow,
  Button,
  FormMessage,
  QueryView,
  Screen,
  Table,
  useFormOutcome,
} from '../../../ui';
import { MonthPicker } from './month-picker';
import { moneyIn, monthOf, monthWords } from './pay-view';
import { TeacherMonth } from './teacher-month';
import { useTeacherPayList } from './use-pay';

const listFailure = explainFailure('Teachers’ pay could not be loaded. Please try again.');

type Row = TeacherPayListResponse['teachers'][number];

/**
 * /payments/teacher-pay (issue 52, point 7): every teacher's pay for a month, from the sessions
 * whose roll they took; a teacher's month with its sessions and adjustments; their rates, and
 * bonuses and deductions; the month as CSV.
 */
export default function TeacherPayScreen() {
  const [month, setMonth] = useState(monthOf(useAcademyToday()));
  const [teacherId, setTeacherId] = useState<number | null>(null);
  const list = useTeacherPayList(month);
  const message = useFormOutcome();
  return (
    <Screen
      title="Teachers’ pay"
      subtitle="Each session pays the teacher who took its roll, at their rate."
      back={{ to: paths.payments, label: 'Back to Payments' }}
    >
      <MonthPicker month={month} onMonth={setMonth} />
      <FormMessage outcome={message} />
      <QueryView
        query={list}
        loading="Loading teachers’ pay..."
        error={listFailure}
        isEmpty={(data) => data.teachers.length === 0}
        empty="No teachers yet: add a teacher under Create User."
      >
        {(data) => {
          const money = moneyIn(data.currency);
          return (
            <>
              <p aria-live="polite">
                <strong>{`${monthWords(data.month)}: ${money(data.total)} in all.`}</strong>
              </p>
              <Table<Row>
                label={`Teachers’ pay, ${monthWords(data.month)}`}
                rows={data.teachers}
                rowKey={(row) => row.teacher_id}
                columns={[
                  {
                    header: 'Teacher',
                    cell: (row) => (
                      <Button
                        variant="secondary"
                        size="small"
                        aria-pressed={row.teacher_id === teacherId}
                        onClick={() => setTeacherId(row.teacher_id)}
                      >
                        {row.name}
                      </Button>
                    ),
                  },
                  {
                    header: 'Hourly rate',
                    kind: 'short',
                    cell: (row) => (row.hourly === null ? 'None' : money(row.hourly)),
                  },
                  { header: 'Sessions', kind: 'short', cell: (row) => String(row.sessions) },
                  {
                    header: 'Not paid yet',
                    kind: 'short',
                    cell: (row) => (row.missing === 0 ? '—' : String(row.missing)),
                  },
                  { header: 'Total', kind: 'short', cell: (row) => money(row.total) },
                ]}
              />
              <ActionRow>
                <CsvExportButton
                  fetchCsv={() => call('exportTeacherPay', { month })}
                  saved={(count) =>
                    `Exported the pay of ${count} teacher${count === 1 ? '' : 's'}.`
                  }
                  failed="The month could not be exported. Please try again."
                  message={message}
                >
                  Export (CSV)
                </CsvExportButton>
              </ActionRow>
            </>
          );
        }}
      </QueryView>
      {teacherId !== null && <TeacherMonth teacherId={teacherId} month={month} message={message} />}
    </Screen>
  );
}
