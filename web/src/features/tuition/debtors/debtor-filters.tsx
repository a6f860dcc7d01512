import { useTerms } from '../../../api/terms';
import { ClassSelect } from '../../../components/class-select';
import { FieldRow, NumberField, SelectField } from '../../../ui';
import type { FilterDraft } from './use-debtors';

/**
 * The debtors' filters: a class (its students now, or those charged its fees), a term (only
 * its charges count), and the fewest days overdue. Changing one goes back to page 1.
 */
export function DebtorFilters({
  filters,
  onChange,
}: {
  filters: FilterDraft;
  onChange: (change: Partial<Omit<FilterDraft, 'page'>>) => void;
}) {
  const terms = useTerms();
  const list = terms.data?.terms ?? [];
  return (
    <FieldRow role="group" aria-label="Filters">
      <ClassSelect value={filters.class_id} onChange={(class_id) => onChange({ class_id })} />
      <SelectField
        label="Term"
        name="term_id"
        value={filters.term_id}
        disabled={terms.isPending}
        hint={terms.isError ? 'The terms could not be loaded.' : undefined}
        onChange={(e) => onChange({ term_id: e.target.value })}
      >
        <option value="">Every term</option>
        {list.map((t) => (
          <option key={t.id} value={String(t.id)}>
            {t.name}
          </option>
        ))}
      </SelectField>
      <NumberField
        label="At least this many days overdue"
        name="min_days_overdue"
        value={filters.min_days_overdue}
        placeholder="0"
        maxLength={4}
        onChange={(e) => onChange({ min_days_overdue: e.target.value })}
      />
    </FieldRow>
  );
}
