import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { explainFailure } from '../../../api/failure-text';
import { useTerms } from '../../../api/terms';
import { formatLongDate } from '../../../lib/dates';
import { hrefs, linkParams, paths } from '../../../shared/paths';
import { EmptyState, QueryView, Screen, SelectField } from '../../../ui';
import { FeePlanView } from './fee-plan-view';
import { useClassHead } from './use-fee-plan';

/** /classes/:id/fees (issue 52): a class's fee plan, for administrators. */
export default function FeePlanScreen() {
  const id = useParams().id ?? '';
  if (!/^\d+$/.test(id)) return <Navigate to={paths.classes} replace />;
  return <ClassFees key={id} classId={Number(id)} />;
}

/**
 * The plan of the term named in the address (`?term=`), else of the current term, else of the
 * last: its tuition, items and instalments, then charging it to the class.
 */
function ClassFees({ classId }: { classId: number }) {
  const [search, setSearch] = useSearchParams();
  const terms = useTerms();
  const head = useClassHead(classId);
  const list = terms.data?.terms ?? [];
  const named = Number(search.get(linkParams.term));
  const term =
    list.find((t) => t.id === named) ??
    list.find((t) => t.id === terms.data?.current_term_id) ??
    list.at(-1);
  return (
    <Screen
      title={head.data ? `Fees: ${head.data.name}` : 'Fees'}
      subtitle="The tuition, books and materials, and the instalments they are paid in."
      back={{ to: hrefs.classPage(classId), label: 'Back to the class' }}
      width="narrow"
    >
      <QueryView
        query={terms}
        loading="Loading terms..."
        error={explainFailure('The terms could not be loaded. Please try again.')}
        isEmpty={(answer) => answer.terms.length === 0}
        empty={
          <EmptyState>
            No terms yet. A fee plan is of a term: add the academy's terms in{' '}
            <Link to={paths.settings}>Settings</Link> first.
          </EmptyState>
        }
      >
        {(answer) => (
          <>
            <SelectField
              label="Term"
              value={term ? String(term.id) : ''}
              onChange={(e) => setSearch({ [linkParams.term]: e.target.value }, { replace: true })}
            >
              {answer.terms.map((t) => (
                <option key={t.id} value={String(t.id)}>
                  {`${t.name} (${formatLongDate(t.first_day)} – ${formatLongDate(t.last_day)})`}
                </option>
              ))}
            </SelectField>
            {term && (
              <FeePlanView
                key={term.id}
                classId={classId}
                term={term}
                studentCount={head.data?.student_count}
              />
            )}
          </>
        )}
      </QueryView>
    </Screen>
  );
}
