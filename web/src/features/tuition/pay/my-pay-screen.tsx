import { useState } from 'react';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { useAcademyToday } from '../../../shared/academy-today';
import { backTo } from '../../../shared/paths';
import { QueryView, Screen } from '../../../ui';
import { MonthPicker } from './month-picker';
import { PayStatement } from './pay-statement';
import { monthOf } from './pay-view';
import { useTeacherPay } from './use-pay';

const loadFailure = explainFailure({
  network: NO_CONNECTION,
  refusalPrefix: 'Error loading your pay: ',
  fallback: 'Your pay could not be loaded. Please try again.',
});

/**
 * /my-pay (issue 52, point 7): a teacher's own pay for a month: each session whose roll they
 * took, its length, rate and amount (or why it pays nothing yet), and the office's bonuses and
 * deductions with their reasons.
 */
export default function MyPayScreen() {
  const [month, setMonth] = useState(monthOf(useAcademyToday()));
  const pay = useTeacherPay(month);
  return (
    <Screen
      title="My pay"
      subtitle="Each session whose roll you took is paid at your rate."
      back={backTo.teacherHome}
    >
      <MonthPicker month={month} onMonth={setMonth} />
      <QueryView query={pay} loading="Loading your pay..." error={loadFailure}>
        {(data) => <PayStatement pay={data} />}
      </QueryView>
    </Screen>
  );
}
