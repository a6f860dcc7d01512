import type { CallResponse } from '@academy/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { explainFailure } from '../../api/failure-text';
import { useIsAdmin } from '../../api/role';
import type { Term, useTerms } from '../../api/terms';
import { formatLongDate } from '../../lib/dates';
import { paths } from '../../shared/paths';
import { EmptyState, QueryView, SelectField } from '../../ui';

/** A term as a choice reads: 'Autumn 2026 (September 1, 2026 – December 20, 2026)'. */
export const termWords = (term: Term) =>
  `${term.name} (${formatLongDate(term.first_day)} – ${formatLongDate(term.last_day)})`;

/** The term a sheet is of, among the academy's. */
export function TermSelect({
  terms,
  value,
  onChange,
}: {
  terms: readonly Term[];
  value: number | undefined;
  onChange: (termId: number) => void;
}) {
  return (
    <SelectField
      label="Term"
      value={value === undefined ? '' : String(value)}
      onChange={(e) => onChange(Number(e.target.value))}
    >
      {terms.map((term) => (
        <option key={term.id} value={String(term.id)}>
          {termWords(term)}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * The academy's terms, loaded (each state in the sheets' words), for what needs one of them;
 * none yet says where they are added.
 */
export function TermsView({
  terms,
  children,
}: {
  terms: ReturnType<typeof useTerms>;
  children: (answer: CallResponse<'listTerms'>) => ReactNode;
}) {
  return (
    <QueryView
      query={terms}
      loading="Loading terms..."
      error={explainFailure('The terms could not be loaded. Please try again.')}
      isEmpty={(answer) => answer.terms.length === 0}
      empty={<NoTerms />}
    >
      {children}
    </QueryView>
  );
}

/** No term yet: a sheet is of a term, which an administrator adds in Settings. */
function NoTerms() {
  const isAdmin = useIsAdmin();
  return (
    <EmptyState>
      No terms yet. A result sheet is of a term:{' '}
      {isAdmin ? (
        <>
          add the academy's terms in <Link to={paths.settings}>Settings</Link> first.
        </>
      ) : (
        "ask an administrator to add the academy's terms in Settings."
      )}
    </EmptyState>
  );
}
