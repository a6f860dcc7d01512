import { FieldRow, type FilterFieldsProps, fieldsOf, SelectField, TextField } from '../../ui';
import type { InboxFilters } from './use-submissions';

/** The inbox's filters: the student's name, new or corrected, and the days it was sent. */
export function InboxFilterFields({ filters, onChange }: FilterFieldsProps<InboxFilters>) {
  const bind = fieldsOf(filters, onChange);
  return (
    <FieldRow>
      <TextField
        label="Search by student"
        type="search"
        placeholder="Student name"
        {...bind('q')}
      />
      <SelectField label="State" {...bind('state')}>
        <option value="all">All</option>
        <option value="new">New</option>
        <option value="corrected">Corrected</option>
      </SelectField>
      <TextField label="Sent from" type="date" max={filters.to || undefined} {...bind('from')} />
      <TextField label="Sent until" type="date" min={filters.from || undefined} {...bind('to')} />
    </FieldRow>
  );
}
