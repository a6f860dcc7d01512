import { useClassPicker } from '../api/classes';
import { RecordSelect } from './record-select';

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
export function ClassSelect({ label = 'Class', name = 'class_id', ...choice }: ClassSelectProps) {
  const classes = useClassPicker();
  const list = classes.data?.classes ?? [];
  let hint: string | undefined;
  if (classes.isPending) hint = 'Loading classes...';
  else if (classes.data && list.length === 0) hint = 'No classes yet: make one under Classes.';
  else if (classes.data?.has_more)
    hint = `The first ${list.length} classes by name: rename or archive old ones to see others.`;
  return (
    <RecordSelect
      {...choice}
      label={label}
      name={name}
      hint={hint}
      disabled={classes.isPending}
      placeholder="-- Select a Class --"
      records={list}
      optionText={(c) =>
        `${c.name} (${c.student_count === 1 ? '1 student' : `${c.student_count} students`})`
      }
      failure={classes.isError && 'The classes could not be loaded.'}
    />
  );
}
