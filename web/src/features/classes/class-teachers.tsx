import { useState } from 'react';
import { Link } from 'react-router';
import { explainFailure } from '../../api/failure-text';
import { paths } from '../../shared/paths';
import {
  ActionRow,
  Card,
  Checklist,
  type ChecklistItem,
  EmptyState,
  FormMessage,
  QueryView,
  SubmitButton,
  useFormOutcome,
} from '../../ui';
import styles from './classes.module.css';
import { useSetClassTeachers, useTeachers } from './use-classes';

interface ClassTeachersProps {
  classId: number;
  /** Who teaches the class now, as the class's answer names them. */
  teachers: ChecklistItem[];
}

/**
 * Who teaches the class (issue 29): their names, and for an administrator the choice of them
 * from the active teachers, saved whole. A teacher reaches only the classes they are given
 * here; a teacher sees the names only (the accounts are an administrator's to list).
 */
export function ClassTeachers({
  classId,
  teachers,
  canChoose,
}: ClassTeachersProps & { canChoose: boolean }) {
  return (
    <Card title="Teachers">
      {teachers.length === 0 ? (
        <EmptyState>No teachers yet.</EmptyState>
      ) : (
        <ul className={styles.names} aria-label="Teachers of this class">
          {teachers.map((t) => (
            <li key={t.id}>{t.name}</li>
          ))}
        </ul>
      )}
      {canChoose && <TeacherChoice classId={classId} teachers={teachers} />}
    </Card>
  );
}

/** The administrator's choice of the class's teachers among the active ones. */
function TeacherChoice({ classId, teachers }: ClassTeachersProps) {
  const accounts = useTeachers();
  const save = useSetClassTeachers();
  const notice = useFormOutcome();
  // Null until a box is ticked or unticked: the class's teachers as answered (a change made
  // elsewhere shows at once), and again once the choice is saved.
  const [edited, setEdited] = useState<ChecklistItem[] | null>(null);
  const chosen = edited ?? teachers;

  const choose = (next: ChecklistItem[]) => {
    notice.clear();
    setEdited(next);
  };
  const handleSave = () =>
    save.mutate(
      { classId, teacherIds: chosen.map((t) => t.id) },
      notice.reports(
        explainFailure('The teachers could not be saved. Please try again.'),
        (said) => {
          notice.succeed(said);
          setEdited(null);
        },
      ),
    );

  return (
    <>
      <QueryView
        query={accounts}
        loading="Loading teachers..."
        error={explainFailure('The teachers could not be loaded. Please try again.')}
        isEmpty={(active) => offered(active, teachers).length === 0}
        empty={
          <EmptyState>
            There are no teacher accounts yet. Make one on{' '}
            <Link to={paths.createUser}>Create User</Link> with the role Teacher, then choose them
            here.
          </EmptyState>
        }
      >
        {(active) => (
          <>
            <Checklist
              legend="Choose the teachers"
              items={offered(active, teachers)}
              chosen={chosen}
              onChange={choose}
              noun={['teacher', 'teachers']}
            />
            <ActionRow>
              <SubmitButton
                type="button"
                busy={save.isPending}
                busyLabel="Saving..."
                disabled={edited === null}
                onClick={handleSave}
              >
                Save teachers
              </SubmitButton>
            </ActionRow>
          </>
        )}
      </QueryView>
      <FormMessage outcome={notice} />
    </>
  );
}

/**
 * The teachers offered: the active ones, then any of the class's who no longer is (deactivated,
 * or given another role), so they can be taken off it.
 */
function offered(active: ChecklistItem[], current: ChecklistItem[]): ChecklistItem[] {
  const gone = current.filter((t) => !active.some((a) => a.id === t.id));
  return [...active, ...gone.map((t) => ({ id: t.id, name: `${t.name} (no longer a teacher)` }))];
}
