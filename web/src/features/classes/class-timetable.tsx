import { useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import {
  Card,
  ConfirmPopup,
  FormMessage,
  PagedItemList,
  SelectField,
  useConfirmedChange,
  useFormOutcome,
  usePagedFilters,
} from '../../ui';
import { TimetableSession } from './timetable-session';
import {
  type ClassSession,
  type TimetableWhen,
  useClassSessions,
  useUpdateClassSession,
} from './use-classes';

/**
 * A class's timetable (issue 29): its sessions to come or past, each moved or cancelled for
 * every student of the class at once, and its roll taken once its day has come. The weekly
 * pattern below makes them.
 */
export function ClassTimetable({ classId }: { classId: number }) {
  const { filters, setFilter, pager } = usePagedFilters<{ when: TimetableWhen; page: number }>({
    when: 'upcoming',
    page: 1,
  });
  const [moving, setMoving] = useState<number | null>(null);
  const sessions = useClassSessions(classId, filters);
  const update = useUpdateClassSession();
  const message = useFormOutcome();
  const cancelling = useConfirmedChange(
    update,
    (session: ClassSession) => ({
      class_id: classId,
      class_session_id: session.id,
      cancelled: true,
    }),
    message.reports(explainFailure('The session could not be cancelled. Please try again.')),
  );
  const upcoming = filters.when === 'upcoming';

  return (
    <Card title="Timetable">
      <SelectField
        label="Show"
        value={filters.when}
        onChange={(e) => {
          setFilter({ when: e.target.value === 'past' ? 'past' : 'upcoming' });
          setMoving(null);
        }}
      >
        <option value="upcoming">Sessions to come</option>
        <option value="past">Past sessions</option>
      </SelectField>
      <FormMessage outcome={message} />
      <PagedItemList
        query={sessions}
        pager={pager}
        error={explainFailure('The timetable could not be loaded. Please try again.')}
        empty={
          upcoming
            ? 'No sessions to come. Make them from a weekly pattern below.'
            : 'No past sessions yet.'
        }
        items={(data) => data.sessions}
        label={upcoming ? 'Sessions to come' : 'Past sessions'}
      >
        {(session) => (
          <TimetableSession
            classId={classId}
            session={session}
            isMoving={moving === session.id}
            onMove={() => setMoving(session.id)}
            onMoved={(answer) => {
              setMoving(null);
              if (answer) message.succeed(answer);
            }}
            onCancel={() => cancelling.ask(session)}
            onBringBack={() =>
              update.mutate(
                { class_id: classId, class_session_id: session.id, cancelled: false },
                message.reports(
                  explainFailure('The session could not be brought back. Please try again.'),
                ),
              )
            }
          />
        )}
      </PagedItemList>
      <ConfirmPopup
        {...cancelling.popup}
        title="Cancel this session?"
        confirmLabel="Yes, Cancel It"
      >
        Every student of the class will see it cancelled in their schedule. You can bring it back
        later.
      </ConfirmPopup>
    </Card>
  );
}
