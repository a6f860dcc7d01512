import { useState } from 'react';
import { StudentSelect } from '../../components';
import { useBackToStaffHome } from '../../shared/staff-home';
import { Card, EmptyState, Message, NumberField, QueryView, Screen, Stack } from '../../ui';
import { SessionEditor } from './session-editor';
import { useStudentSchedule } from './use-schedules';

/** /edit-student-schedule: pick a student, find a session by number, edit it in place. */
export default function EditStudentScheduleScreen() {
  const [studentId, setStudentId] = useState('');
  const [filter, setFilter] = useState('');
  // The session being saved stays in view while its number changes under the filter.
  const [pinnedId, setPinnedId] = useState<number | null>(null);
  const [deleted, setDeleted] = useState<number | null>(null);
  const schedule = useStudentSchedule(studentId);
  const back = useBackToStaffHome();
  const sessions = (schedule.data?.schedule ?? []).filter(
    (s) =>
      !filter.trim() || String(s.session_number) === filter.trim() || s.session_id === pinnedId,
  );

  return (
    <Screen title="Edit Student Schedule" back={back}>
      <Card>
        <Stack>
          <StudentSelect
            label="Student"
            value={studentId}
            onChange={(id) => {
              setStudentId(id);
              setPinnedId(null);
              setDeleted(null);
            }}
            placeholder="-- Select a Student --"
            errorText="Error fetching students"
          />
          <NumberField
            label="Session number"
            type="number"
            min={1}
            placeholder="All sessions"
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value);
              setPinnedId(null);
            }}
          />
        </Stack>
      </Card>
      {studentId && deleted !== null && (
        <Message tone="success">{`Session ${deleted} deleted successfully`}</Message>
      )}
      {!studentId ? (
        <EmptyState>Choose a student to see their schedule.</EmptyState>
      ) : (
        <QueryView
          query={schedule}
          loading="Loading the schedule..."
          error="Error fetching schedule information"
          empty={
            filter ? `No session ${filter} in this schedule.` : 'This student has no sessions yet.'
          }
          isEmpty={() => sessions.length === 0}
        >
          {() => (
            <Stack>
              {sessions.map((session) => (
                <SessionEditor
                  // By id, not number: a renumbered session keeps its editor and its message.
                  key={session.session_id}
                  studentId={Number(studentId)}
                  session={session}
                  onSaveStart={() => setPinnedId(session.session_id)}
                  // The number filter follows a renumbered session.
                  onSaved={(number) => {
                    setDeleted(null);
                    setFilter((f) => (f.trim() ? String(number) : f));
                  }}
                  onDeleted={setDeleted}
                />
              ))}
            </Stack>
          )}
        </QueryView>
      )}
    </Screen>
  );
}
