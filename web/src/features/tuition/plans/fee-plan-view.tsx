import { Link } from 'react-router';
import { explainFailure } from '../../../api/failure-text';
import type { Term } from '../../../api/terms';
import { paths } from '../../../shared/paths';
import { EmptyState, QueryView } from '../../../ui';
import { ChargeClass } from './charge-class';
import { FeePlanForm } from './fee-plan-form';
import { useFeePlan } from './use-fee-plan';

/**
 * A class's plan for one term: its editor, and once saved, charging it. Without the academy's
 * currency there is nothing to write amounts in: Settings is where it is set.
 */
export function FeePlanView({
  classId,
  term,
  studentCount,
}: {
  classId: number;
  term: Term;
  /** The class's students, once known. */
  studentCount: number | undefined;
}) {
  const plan = useFeePlan(classId, term.id);
  return (
    <QueryView
      query={plan}
      loading="Loading the fee plan..."
      error={explainFailure({
        refusalPrefix: 'The fee plan could not be loaded: ',
        fallback: 'The fee plan could not be loaded. Please try again.',
      })}
      isEmpty={(answer) => answer.currency === null}
      empty={
        <EmptyState>
          The academy's currency is not set yet: fees are written in it. Set it under Currency in{' '}
          <Link to={paths.settings}>Settings</Link> first.
        </EmptyState>
      }
    >
      {(answer) =>
        answer.currency && (
          <>
            <FeePlanForm
              classId={classId}
              term={term}
              plan={answer.plan}
              currency={answer.currency}
            />
            {answer.plan ? (
              <ChargeClass
                classId={classId}
                termId={term.id}
                plan={answer.plan}
                currency={answer.currency}
                studentCount={studentCount}
              />
            ) : (
              <EmptyState>
                No fee plan for {term.name} yet: once it is saved, it can be charged to the class.
              </EmptyState>
            )}
          </>
        )
      }
    </QueryView>
  );
}
