import type { ReactNode } from 'react';
import { SelectField } from '../ui/field';
import { Message } from '../ui/status';

interface RecordSelectProps<R extends { id: number }> {
  label: ReactNode;
  name: string;
  /** The chosen record's id as text; '' for none. */
  value: string;
  /** A choice: the id as text, and the record it names (none for the empty or an extra option). */
  onChange: (id: string, record: R | undefined) => void;
  hint: string | undefined;
  disabled: boolean;
  /** The first, empty option's words. */
  placeholder: string;
  /** Options after the placeholder (e.g. 'All students'). */
  extraOptions?: ReactNode;
  records: R[];
  optionText: (record: R) => string;
  /** Said at once under the select when its records could not be loaded; false while they could. */
  failure: ReactNode | false;
}

/**
 * A select of loaded records (the class and student pickers): an empty first option, any more,
 * then a record each, by its id as text; under it, an error when the records could not be
 * loaded, announced at once, since without them the form cannot be used.
 */
export function RecordSelect<R extends { id: number }>({
  onChange,
  placeholder,
  extraOptions,
  records,
  optionText,
  failure,
  ...field
}: RecordSelectProps<R>) {
  return (
    <>
      <SelectField
        {...field}
        onChange={(e) =>
          onChange(
            e.target.value,
            records.find((record) => String(record.id) === e.target.value),
          )
        }
      >
        <option value="">{placeholder}</option>
        {extraOptions}
        {records.map((record) => (
          <option key={record.id} value={String(record.id)}>
            {optionText(record)}
          </option>
        ))}
      </SelectField>
      {failure && <Message tone="error">{failure}</Message>}
    </>
  );
}
