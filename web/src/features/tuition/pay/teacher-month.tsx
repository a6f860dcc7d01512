import type { PayAdjustmentView } from '@academy/contract';
import { useState } from 'react';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { type FormOutcome, QueryView } from '../../../ui';
import { CurrencyMissing } from '../currency-missing';
import styles from '../money.module.css';
import { AdjustmentForm } from './adjustment-form';
import { AdjustmentVoidPopup } from './adjustment-void-popup';
import { PayStatement } from './pay-statement';
import { RateForm } from './rate-form';
import { useTeacherPay } from './use-pay';

const loadFailure = explainFailure({
  network: NO_CONNECTION,
  refusalPrefix: 'Error loading the teacher’s pay: ',
  fallback: 'The teacher’s pay could not be loaded. Please try again.',
});

/**
 * One teacher's month on the administrator's screen: the statement with Cancel on each
 * adjustment, then setting a rate and adding a bonus or deduction. Answers go to `message`.
 */
export function TeacherMonth({
  teacherId,
  month,
  message,
}: {
  teacherId: number;
  month: string;
  message: FormOutcome;
}) {
  const pay = useTeacherPay(month, teacherId);
  const [voiding, setVoiding] = useState<PayAdjustmentView | null>(null);
  return (
    <QueryView query={pay} loading="Loading the teacher’s pay..." error={loadFailure}>
      {(data) => (
        <div className={styles.stack}>
          <PayStatement pay={data} onVoid={data.currency ? setVoiding : undefined} />
          {data.currency === null ? (
            <CurrencyMissing />
          ) : (
            <>
              <RateForm
                teacherId={teacherId}
                month={month}
                currency={data.currency}
                onSaved={message.succeed}
              />
              <AdjustmentForm
                teacherId={teacherId}
                month={month}
                currency={data.currency}
                onSaved={message.succeed}
              />
              {voiding && (
                <AdjustmentVoidPopup
                  adjustment={voiding}
                  currency={data.currency}
                  onClose={() => setVoiding(null)}
                  onDone={(text) => {
                    setVoiding(null);
                    message.succeed(text);
                  }}
                />
              )}
            </>
          )}
        </div>
      )}
    </QueryView>
  );
}
