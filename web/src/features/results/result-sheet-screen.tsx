import { Navigate, useParams, useSearchParams } from 'react-router';
import { explainFailure } from '../../api/failure-text';
import { useTerms } from '../../api/terms';
import { hrefs, linkParams, paths } from '../../shared/paths';
import { EmptyState, QueryView, Screen } from '../../ui';
import { SheetFiles } from './sheet-files';
import { SheetPublish } from './sheet-publish';
import { SheetScheme } from './sheet-scheme';
import { defaultTermId, localToday } from './sheet-terms';
import { SheetView } from './sheet-view';
import { TermSelect, TermsView, termWords } from './term-choice';
import { useResultSheet } from './use-results';

/** /classes/:id/results?term= (issue 30): a class's result sheet of a term, for staff. */
export default function ResultSheetScreen() {
  const id = useParams().id ?? '';
  if (!/^\d+$/.test(id)) return <Navigate to={paths.classes} replace />;
  return <ClassResults key={id} classId={Number(id)} />;
}

/**
 * The sheet of the term named in the address, else of the current term (sheet-terms.ts): its
 * scores typed (a spreadsheet on a desktop, a card a student on a phone), where it stands
 * (draft, published, changed since) with its Publish button, and what the class is marked on.
 */
function ClassResults({ classId }: { classId: number }) {
  const [search, setSearch] = useSearchParams();
  const terms = useTerms();
  const list = terms.data?.terms ?? [];
  const named = Number(search.get(linkParams.term));
  const termId = list.some((t) => t.id === named)
    ? named
    : terms.data && defaultTermId(list, terms.data.current_term_id, localToday());
  const sheet = useResultSheet(classId, termId);
  const data = sheet.data;
  return (
    <Screen
      width="wide"
      title={data ? `Results: ${data.class.name}` : 'Results'}
      subtitle={data ? termWords(data.term) : undefined}
      back={{ to: hrefs.classPage(classId), label: 'Back to the class' }}
    >
      <TermsView terms={terms}>
        {(answer) => (
          <>
            <TermSelect
              terms={answer.terms}
              value={termId}
              onChange={(id) => setSearch({ [linkParams.term]: String(id) }, { replace: true })}
            />
            <QueryView
              query={sheet}
              loading="Loading the result sheet..."
              error={explainFailure('The result sheet could not be loaded. Please try again.')}
            >
              {(shown) =>
                shown.students.length === 0 ? (
                  <>
                    <EmptyState>
                      No students in this class yet: its sheet has a line for each student.
                    </EmptyState>
                    <SheetScheme sheet={shown} />
                  </>
                ) : (
                  <>
                    <SheetPublish sheet={shown} />
                    <SheetView key={`${shown.class.id}-${shown.term.id}`} sheet={shown} />
                    <SheetFiles sheet={shown} />
                    <SheetScheme sheet={shown} />
                  </>
                )
              }
            </QueryView>
          </>
        )}
      </TermsView>
    </Screen>
  );
}
