import { StudentSelect } from '../../components';
import { useBackToStaffHome } from '../../shared/staff-home';
import { Card, ConfirmPopup, Form, FormMessage, Message, Screen, SubmitButton } from '../../ui';
import { PatternPanel } from './pattern-panel';
import styles from './schedules.module.css';
import { SessionRows } from './session-rows';
import { replacingText, useSendSchedule } from './use-send-schedule';

/** What the picked student has already, so the admin knows where the new sessions start. */
function ExistingSessionsNote({ numbers, highest }: { numbers: number[]; highest: number }) {
  return (
    <p className={styles.note}>
      {numbers.length === 0
        ? 'This student has no sessions yet.'
        : `This student has ${numbers.length} ${numbers.length === 1 ? 'session' : 'sessions'}, up to session ${highest}.`}
    </p>
  );
}

/** /send-schedule: a student's class sessions, as many as needed. */
export default function SendScheduleScreen() {
  const send = useSendSchedule();
  const { studentId, existing, outcome } = send;
  const back = useBackToStaffHome();
  return (
    <Screen
      title="Send Schedule"
      subtitle="Sessions already saved for the student are updated by number; the others stay."
      back={back}
    >
      <Card>
        <Form onSubmit={send.handleSubmit} outcome={outcome}>
          <StudentSelect
            label="Student"
            value={studentId}
            onChange={send.pickStudent}
            placeholder="-- Select a Student --"
            errorText="Error fetching students"
          />
          {studentId && existing.isError && (
            <Message tone="error">Error fetching schedule information</Message>
          )}
          {studentId && existing.data && (
            <ExistingSessionsNote numbers={send.existingNumbers} highest={send.highestExisting} />
          )}
          <PatternPanel
            // Like the sessions, the pattern's words belong to the student picked.
            key={studentId}
            // Numbered after the student's last session, once their sessions are known.
            firstNumber={studentId && existing.data ? send.highestExisting + 1 : null}
            onMake={send.rows.replaceWith}
          />
          <SessionRows rows={send.rows} />
          <FormMessage outcome={outcome} />
          <SubmitButton
            block
            busy={send.save.isPending}
            busyLabel="Saving..."
            // Until the student's sessions are known, a save could replace one unasked.
            disabled={studentId !== '' && existing.isPending}
          >
            Save Schedule
          </SubmitButton>
        </Form>
      </Card>
      <ConfirmPopup
        {...send.replacing.popup}
        title="Replace existing sessions?"
        confirmLabel="Yes, Replace"
      >
        <p>{replacingText(send.replacing.subject ?? [])}</p>
      </ConfirmPopup>
    </Screen>
  );
}
