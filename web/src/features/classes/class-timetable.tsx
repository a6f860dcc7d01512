import { useState } from 'react';
import { failureText } from '../../api/failure-text';
import { formatDateAsWritten } from '../../lib/dates';
import { hrefs } from '../../shared/paths';
import {
  Button,
  ButtonLink,
  Card,
  ConfirmPopup,
  FormMessage,
  ItemCard,
  ItemList,
  Meta,
  PagedList,
  RecordActions,
  SelectField,
  Tag,
  useConfirm,
  useFormOutcome,
} from '../../ui';
import { MoveSessionForm } from './move-session-form';
import {
  type ClassSession,
  type TimetableWhen,
  useClassSessions,
  useUpdateClassSession,
} from './use-classes';

const sessionName = (s: ClassSession) => `${s.session_day}, ${formatDateAsWritten(s.session_date)}`;

/**
 * A class's timetable (issue 29): its sessions to come or past, each moved or cancelled for
 * every student of the class at once. The weekly pattern below makes them.
 */
export function ClassTimetable({ classId }: { classId: number }) {
  const [when, setWhen] = useState<TimetableWhen>('upcoming');
  const [page, setPage] = useState(1);
  const [moving, setMoving] = useState<number | null>(null);
  const sessions = useClassSessions(classId, { when, page });
  const update = useUpdateClassSession();
  const message = useFormOutcome();
  const explain = (fallback: string) => (error: Error) => failureText(error, { fallback });
  const cancelling = useConfirm<ClassSession>((session, close) =>
    update.mutate(
      { class_id: classId, class_session_id: session.id, cancelled: true },
      {
        ...message.reports(explain('The session could not be cancelled. Please try again.')),
        onSettled: close,
      },
    ),
  );
  const bringBack = (session: ClassSession) =>
    update.mutate(
      { class_id: classId, class_session_id: session.id, cancelled: false },
      message.reports(explain('The session could not be brought back. Please try again.')),
    );
  const show = (next: TimetableWhen) => {
    setWhen(next);
    setPage(1);
    setMoving(null);
  };

  return (
    <Card title="Timetable" aria-label="Timetable">
      <SelectField
        label="Show"
        value={when}
        onChange={(e) => show(e.target.value === 'past' ? 'past' : 'upcoming')}
      >
        <option value="upcoming">Sessions to come</option>
        <option value="past">Past sessions</option>
      </SelectField>
      <FormMessage outcome={message} />
      <PagedList
        query={sessions}
        page={page}
        onPage={setPage}
        hasMore={(data) => data.has_more}
        error={explain('The timetable could not be loaded. Please try again.')}
        empty={
          when === 'upcoming'
            ? 'No sessions to come. Make them from a weekly pattern below.'
            : 'No past sessions yet.'
        }
        isEmpty={(data) => data.sessions.length === 0}
      >
        {(data) => (
          <ItemList label={when === 'upcoming' ? 'Sessions to come' : 'Past sessions'}>
            {data.sessions.map((session) => (
              <ItemCard
                key={session.id}
                title={sessionName(session)}
                meta={
                  <Meta>
                    {session.session_time}{' '}
                    {session.cancelled && <Tag tone="warning">Cancelled</Tag>}
                    {session.roll === 'taken' && <Tag tone="success">Roll taken</Tag>}
                  </Meta>
                }
                actions={
                  <RecordActions name={sessionName(session)} alignEnd>
                    {session.roll !== 'not-yet' && (
                      <ButtonLink
                        size="small"
                        variant={session.roll === 'due' ? 'primary' : 'secondary'}
                        to={hrefs.roll(session.id)}
                      >
                        {session.roll === 'due' ? 'Take the roll' : 'Change the roll'}
                      </ButtonLink>
                    )}
                    <Button variant="secondary" size="small" onClick={() => setMoving(session.id)}>
                      Move
                    </Button>
                    {session.cancelled ? (
                      <Button variant="secondary" size="small" onClick={() => bringBack(session)}>
                        Bring back
                      </Button>
                    ) : (
                      <Button
                        variant="secondary"
                        size="small"
                        onClick={() => cancelling.ask(session)}
                      >
                        Cancel session
                      </Button>
                    )}
                  </RecordActions>
                }
              >
                {moving === session.id && (
                  <MoveSessionForm
                    classId={classId}
                    session={session}
                    onDone={(answer) => {
                      setMoving(null);
                      if (answer) message.succeed(answer);
                    }}
                  />
                )}
              </ItemCard>
            ))}
          </ItemList>
        )}
      </PagedList>
      <ConfirmPopup
        {...cancelling.popup}
        title="Cancel this session?"
        confirmLabel="Yes, Cancel It"
        busy={update.isPending}
      >
        Every student of the class will see it cancelled in their schedule. You can bring it back
        later.
      </ConfirmPopup>
    </Card>
  );
}
