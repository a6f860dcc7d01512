import { useClassPicker } from '../api/classes';
import { SelectField } from '../ui/field';
import { Message } from '../ui/status';

interface ClassSelectProps {
  value: string;
  onChange: (classId: string) => void;
  label?: string;
  name?: string;
}

/**
 * The classes in use, by name (the first page of them: an academy with more finds the others
 * under Classes). The value is the class's id as text; the first option chooses none.
 */
export function ClassSelect({
  value,
  onChange,
  label = 'Class',
  name = 'class_id',
}: ClassSelectProps) {
  const classes = useClassPicker();
  const list = classes.data?.classes ?? [];
  let hint: string | undefined;
  if (classes.isPending) hint = 'Loading classes...';
  else if (classes.data && list.length === 0) hint = 'No classes yet: make one under Classes.';
  else if (classes.data?.has_more)
    hint = `The first ${list.length} classes by name: rename or archive old ones to see others.`;
  return (
    <>
      <SelectField
        label={label}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        hint={hint}
        disabled={classes.isPending}
      >
        <option value="">-- Select a Class --</option>
        {list.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {`${c.name} (${c.student_count === 1 ? '1 student' : `${c.student_count} students`})`}
          </option>
        ))}
      </SelectField>
      {classes.isError && <Message tone="error">The classes could not be loaded.</Message>}
    </>
  );
}
