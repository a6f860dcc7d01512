import { type FormEvent, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { failureText } from '../../api/failure-text';
import { type ChosenStudent, StudentChecklist } from '../../components';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { hrefs, paths } from '../../shared/paths';
import {
  Button,
  ButtonLink,
  Card,
  ConfirmPopup,
  EmptyState,
  Form,
  FormMessage,
  Message,
  Pager,
  QueryView,
  Screen,
  TextField,
  useFormOutcome,
} from '../../ui';
import { PatternPanel } from '../schedules/pattern-panel';
import styles from './classes.module.css';
import { studentCount } from './student-count';
import {
  useAddClassStudents,
  useClassStudents,
  useRemoveClassStudents,
  useSaveClassSchedule,
  useUpdateClass,
} from './use-classes';

type Notice = { tone: 'error' | 'success'; text: string } | null;

/** /classes/:id (new): one class's page; an id that is not a number goes to the list. */
export default function ClassPageScreen() {
  const id = useParams().id ?? '';
  if (!/^\d+$/.test(id)) return <Navigate to={paths.classes} replace />;
  // Keyed by the class, so another class's page starts with its own search and page.
  return <ClassPage key={id} classId={Number(id)} />;
}

/** One class: its name, its students (searched, paged, removed several at once), adding more. */
function ClassPage({ classId }: { classId: number }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const students = useClassStudents(classId, { q: useDebouncedValue(search), page });
  const theClass = students.data?.class;
  return (
    <Screen
      title={theClass?.name ?? 'Class'}
      subtitle={
        theClass
          ? `${studentCount(theClass.student_count)}${theClass.is_archived ? ' · Archived' : ''}`
          : undefined
      }
      back={{ to: paths.classes, label: 'Back to Classes' }}
    >
      <QueryView
        query={students}
        error={(error) =>
          failureText(error, { fallback: 'The class could not be loaded. Please try again.' })
        }
      >
        {(data) => (
          <>
            <ClassDetails
              classId={classId}
              name={data.class.name}
              isArchived={data.class.is_archived}
            />
            <Card title="Students" aria-label="Students">
              <TextField
                label="Search this class"
                type="search"
                value={search}
                onChange={(e) => {
                  setSearch(e.target.value);
                  setPage(1);
                }}
              />
              {data.students.length === 0 ? (
                <EmptyState>
                  {search.trim()
                    ? `No student of this class matches “${search.trim()}”.`
                    : 'No students in this class yet. Add them below.'}
                </EmptyState>
              ) : (
                <ClassStudentList classId={classId} students={data.students} />
              )}
              <Pager
                page={page}
                hasMore={data.has_more}
                isLoading={students.isFetching}
                onPage={setPage}
              />
            </Card>
            <AddStudents classId={classId} />
            {!data.class.is_archived && <ClassSchedule classId={classId} />}
          </>
        )}
      </QueryView>
    </Screen>
  );
}

function ClassDetails({
  classId,
  name,
  isArchived,
}: {
  classId: number;
  name: string;
  isArchived: boolean;
}) {
  const update = useUpdateClass();
  const [notice, setNotice] = useState<Notice>(null);
  const [newName, setNewName] = useState(name);
  const [isConfirming, setConfirming] = useState(false);
  const outcome = useFormOutcome(() => (newName.trim() ? null : 'Please enter a class name.'));

  const handleRename = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check()) return;
    update.mutate(
      { classId, name: newName.trim() },
      {
        onSuccess: (answer) => outcome.succeed(answer.message),
        onError: (error) =>
          outcome.fail(
            failureText(error, { fallback: 'The class could not be renamed. Please try again.' }),
          ),
      },
    );
  };

  const setArchived = (archived: boolean) =>
    update.mutate(
      { classId, archived },
      {
        onSuccess: (answer) => setNotice({ tone: 'success', text: answer.message }),
        onError: (error) =>
          setNotice({
            tone: 'error',
            text: failureText(error, { fallback: 'The change could not be saved.' }),
          }),
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <Card title="Class" aria-label="Class">
      <Form onSubmit={handleRename} outcome={outcome} className={styles.createForm}>
        <TextField
          label="Class name"
          value={newName}
          maxLength={100}
          onChange={(e) => setNewName(e.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={update.isPending}>
          Rename
        </Button>
        <FormMessage outcome={outcome} />
      </Form>
      <div className={styles.actions}>
        {!isArchived && (
          <>
            <ButtonLink to={hrefs.sendAssignmentTo(classId)}>Send an assignment</ButtonLink>
            <ButtonLink to={hrefs.sendNotificationTo(classId)}>Send a notification</ButtonLink>
          </>
        )}
        {isArchived ? (
          <Button variant="secondary" onClick={() => setArchived(false)}>
            Bring back
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Archive
          </Button>
        )}
      </div>
      {notice && <Message tone={notice.tone}>{notice.text}</Message>}
      <ConfirmPopup
        open={isConfirming}
        title={`Archive ${name}?`}
        confirmLabel="Archive"
        busy={update.isPending}
        onConfirm={() => setArchived(true)}
        onCancel={() => setConfirming(false)}
      >
        <p>
          The class keeps its students and everything sent to it, but is no longer offered when
          sending. You can bring it back at any time.
        </p>
      </ConfirmPopup>
    </Card>
  );
}

function ClassStudentList({
  classId,
  students,
}: {
  classId: number;
  students: { id: number; name: string; username: string; email: string }[];
}) {
  const remove = useRemoveClassStudents();
  const [notice, setNotice] = useState<Notice>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [isConfirming, setConfirming] = useState(false);
  const toggle = (id: number) =>
    setChosen((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));

  const handleRemove = () =>
    remove.mutate(
      { classId, userIds: chosen },
      {
        onSuccess: (answer) => {
          setNotice({ tone: 'success', text: answer.message });
          setChosen([]);
        },
        onError: (error) =>
          setNotice({
            tone: 'error',
            text: failureText(error, { fallback: 'The students could not be removed.' }),
          }),
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <>
      <fieldset className={styles.students}>
        <legend className="visually-hidden">Students of this class</legend>
        {students.map((s) => (
          <label key={s.id} className={styles.student}>
            <input type="checkbox" checked={chosen.includes(s.id)} onChange={() => toggle(s.id)} />
            <span>
              {s.name} <span className={styles.muted}>({s.username})</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className={styles.actions}>
        <Button
          variant="danger"
          size="small"
          disabled={chosen.length === 0}
          onClick={() => setConfirming(true)}
        >
          {chosen.length > 0 ? `Remove ${studentCount(chosen.length)}` : 'Remove chosen'}
        </Button>
      </div>
      {notice && <Message tone={notice.tone}>{notice.text}</Message>}
      <ConfirmPopup
        open={isConfirming}
        title={`Remove ${studentCount(chosen.length)} from this class?`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={handleRemove}
        onCancel={() => setConfirming(false)}
      >
        <p>They keep their accounts and everything already sent to them.</p>
      </ConfirmPopup>
    </>
  );
}

function AddStudents({ classId }: { classId: number }) {
  const add = useAddClassStudents();
  const [notice, setNotice] = useState<Notice>(null);
  const [chosen, setChosen] = useState<ChosenStudent[]>([]);

  const handleAdd = () =>
    add.mutate(
      { classId, userIds: chosen.map((s) => s.id) },
      {
        onSuccess: (answer) => {
          setNotice({ tone: 'success', text: answer.message });
          setChosen([]);
        },
        onError: (error) =>
          setNotice({
            tone: 'error',
            text: failureText(error, { fallback: 'The students could not be added.' }),
          }),
      },
    );

  return (
    <Card title="Add students" aria-label="Add students">
      <StudentChecklist label="Students to add" chosen={chosen} onChange={setChosen} offerClasses />
      <div className={styles.actions}>
        <Button disabled={chosen.length === 0 || add.isPending} onClick={handleAdd}>
          {add.isPending
            ? 'Adding...'
            : chosen.length > 0
              ? `Add ${studentCount(chosen.length)}`
              : 'Add chosen'}
        </Button>
      </div>
      {notice && <Message tone={notice.tone}>{notice.text}</Message>}
    </Card>
  );
}

function ClassSchedule({ classId }: { classId: number }) {
  const save = useSaveClassSchedule();
  return (
    <Card title="Weekly schedule" aria-label="Weekly schedule">
      <p className={styles.muted}>
        Adds the sessions to every student of this class, each numbered after their own last
        session. Change one student's sessions under Edit Student Schedule.
      </p>
      <PatternPanel
        onSend={(pattern) =>
          save
            .mutateAsync({
              class_id: classId,
              weekdays: [...pattern.weekdays],
              first_date: pattern.firstDate,
              count: pattern.count,
              time: pattern.time,
            })
            .then((answer) => answer.message)
            .catch((error: unknown) => {
              throw new Error(
                failureText(error, {
                  fallback: 'The sessions could not be added. Please try again.',
                }),
              );
            })
        }
      />
    </Card>
  );
}
