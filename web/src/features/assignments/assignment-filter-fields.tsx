import { StudentSelect } from '../../components';
import { FieldRow, type FilterFieldsProps, fieldsOf, SelectField, TextField } from '../../ui';
import type { AssignmentFilters } from './use-assignments';

/** The admin's filters over all assignments: the student, read or not, words in them. */
export function AssignmentFilterFields({
  filters,
  onChange,
}: FilterFieldsProps<AssignmentFilters>) {
  const bind = fieldsOf(filters, onChange);
  return (
    <FieldRow>
      <StudentSelect
        label="Student"
        placeholder="All students"
        value={filters.userId}
        onChange={(userId) => onChange({ userId })}
        name="student"
      />
      <SelectField label="Read state" {...bind('read')}>
        <option value="all">All</option>
        <option value="read">Read</option>
        <option value="unread">Not read yet</option>
      </SelectField>
      <TextField label="Search" type="search" placeholder="Title or description" {...bind('q')} />
    </FieldRow>
  );
}
