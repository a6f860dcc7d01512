import { FieldRow, SelectField, TextField } from '../../ui';
import type { InboxFilters } from './use-submissions';

/** The inbox's filters: the student's name, new or corrected, and the days it was sent. */
export function InboxFilterFields({
  filters,
  onChange,
}: {
  filters: InboxFilters;
  onChange: (change: Partial<Omit<InboxFilters, 'page'>>) => void;
}) {
  return (
    <FieldRow>
      <TextField
        label="Search by student"
        type="search"
        placeholder="Student name"
        value={filters.q}
        onChange={(e) => onChange({ q: e.target.value })}
      />
      <SelectField
        label="State"
        value={filters.state}
        onChange={(e) => onChange({ state: e.target.value as InboxFilters['state'] })}
      >
        <option value="all">All</option>
        <option value="new">New</option>
        <option value="corrected">Corrected</option>
      </SelectField>
      <TextField
        label="Sent from"
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(e) => onChange({ from: e.target.value })}
      />
      <TextField
        label="Sent until"
        type="date"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(e) => onChange({ to: e.target.value })}
      />
    </FieldRow>
  );
}
