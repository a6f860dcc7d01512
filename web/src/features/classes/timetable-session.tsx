import { formatDateAsWritten } from '../../lib/dates';
import { hrefs } from '../../shared/paths';
import { Button, ButtonLink, ItemCard, RecordActions, Tag } from '../../ui';
import { MoveSessionForm } from './move-session-form';
import type { ClassSession } from './use-classes';

export const sessionName = (s: ClassSession) =>
  `${s.session_day}, ${formatDateAsWritten(s.session_date)}`;

/**
 * One session of a class's timetable: its day and time, whether it is cancelled or its roll
 * taken, and what can be done with it (take or change the roll, move, cancel, bring back).
 */
export function TimetableSession({
  classId,
  session,
  isMoving,
  onMove,
  onMoved,
  onCancel,
  onBringBack,
}: {
  classId: number;
  session: ClassSession;
  isMoving: boolean;
  onMove: () => void;
  /** The move form closed: the server's words once moved, nothing when given up. */
  onMoved: (answer?: string) => void;
  onCancel: () => void;
  onBringBack: () => void;
}) {
  const name = sessionName(session);
  return (
    <ItemCard
      title={name}
      meta={
        <p>
          {session.session_time} {session.cancelled && <Tag tone="warning">Cancelled</Tag>}
          {session.roll === 'taken' && <Tag tone="success">Roll taken</Tag>}
        </p>
      }
      actions={
        <RecordActions name={name} alignEnd>
          {session.roll !== 'not-yet' && (
            <ButtonLink
              size="small"
              variant={session.roll === 'due' ? 'primary' : 'secondary'}
              to={hrefs.roll(session.id)}
            >
              {session.roll === 'due' ? 'Take the roll' : 'Change the roll'}
            </ButtonLink>
          )}
          <Button variant="secondary" size="small" onClick={onMove}>
            Move
          </Button>
          {session.cancelled ? (
            <Button variant="secondary" size="small" onClick={onBringBack}>
              Bring back
            </Button>
          ) : (
            <Button variant="secondary" size="small" onClick={onCancel}>
              Cancel session
            </Button>
          )}
        </RecordActions>
      }
    >
      {isMoving && <MoveSessionForm classId={classId} session={session} onDone={onMoved} />}
    </ItemCard>
  );
}
