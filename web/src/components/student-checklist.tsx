import { MAX_CHOSEN_STUDENTS } from '@academy/contract';
import { useState } from 'react';
import { studentsOfClass } from '../api/classes';
import { failureText } from '../api/failure-text';
import { useStudentPicker } from '../api/students';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { Button } from '../ui/button';
import { Checklist } from '../ui/checklist';
import { Message } from '../ui/status';
import { ClassSelect } from './class-select';
import styles from './student-checklist.module.css';
import { StudentSearchField } from './student-select';

export interface ChosenStudent {
  id: number;
  name: string;
}

interface StudentChecklistProps {
  chosen: ChosenStudent[];
  onChange: (chosen: ChosenStudent[]) => void;
  /** Offers adding every student of a class to the list at once. */
  offerClasses?: boolean;
  /** Names the list for screen readers ('Students to add'). */
  label?: string;
}

/**
 * Choosing several students: a search (the first students by name, or the matches of what is
 * typed, never every student of a large academy), a checkbox for each, the chosen ones first
 * whatever the search shows, and, where offered, a class's students added at once.
 */
export function StudentChecklist({
  chosen,
  onChange,
  offerClasses = false,
  label = 'Students',
}: StudentChecklistProps) {
  const [search, setSearch] = useState('');
  const { q, first, found } = useStudentPicker(useDebouncedValue(search));
  const listed = q ? found : first;
  const [classId, setClassId] = useState('');
  const [classProblem, setClassProblem] = useState<string | null>(null);
  const [isAddingClass, setIsAddingClass] = useState(false);

  const isChosen = (id: number) => chosen.some((s) => s.id === id);
  const shown = [...chosen, ...(listed.data ?? []).filter((s) => !isChosen(s.id))];

  const addClass = async () => {
    if (!classId) return;
    setIsAddingClass(true);
    setClassProblem(null);
    try {
      const students = await studentsOfClass(Number(classId));
      const added = students.filter((s) => !isChosen(s.id));
      const next = [...chosen, ...added];
      if (next.length > MAX_CHOSEN_STUDENTS)
        setClassProblem(
          `At most ${MAX_CHOSEN_STUDENTS} students at once: send to the class itself instead.`,
        );
      else {
        onChange(next);
        setClassId('');
      }
    } catch (error) {
      setClassProblem(failureText(error, { fallback: 'The class could not be loaded.' }));
    } finally {
      setIsAddingClass(false);
    }
  };

  return (
    <div className={styles.checklist}>
      {offerClasses && (
        <div className={styles.classRow}>
          <ClassSelect label="Add a class's students" value={classId} onChange={setClassId} />
          <Button
            variant="secondary"
            size="small"
            onClick={addClass}
            disabled={!classId || isAddingClass}
          >
            {isAddingClass ? 'Adding...' : 'Add class'}
          </Button>
        </div>
      )}
      {classProblem && <Message tone="error">{classProblem}</Message>}
      <StudentSearchField value={search} onChange={setSearch} />
      <Checklist
        legend={label}
        items={shown}
        chosen={chosen}
        onChange={onChange}
        noun={['student', 'students']}
      >
        {listed.isPending && q === '' && <p>Loading students...</p>}
        {listed.isError && <Message tone="error">Error fetching students</Message>}
        {q !== '' && found.data?.length === 0 && <p>{`No students match “${q}”.`}</p>}
      </Checklist>
    </div>
  );
}
