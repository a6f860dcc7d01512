import { Navigate, useParams } from 'react-router';
import { explainFailure } from '../../api/failure-text';
import { formatDateAsWritten, formatInstant, formatLongDateTime } from '../../lib/dates';
import { keepsTeachingDay } from '../../shared/offline-cache';
import { hrefs, paths } from '../../shared/paths';
import { EmptyState, KeptOffline, Message, Meta, QueryView, Screen } from '../../ui';
import { RollForm } from './roll-form';
import { type Roll, useRoll } from './use-roll';

/**
 * /roll/:id (issue 29): a class session's roll, taken on a phone. A teacher's is kept on the
 * phone (issue 49, point 1): opened with no signal, it shows what was loaded last and is taken.
 */
export default function RollScreen() {
  const id = useParams().id ?? '';
  if (!/^\d+$/.test(id)) return <Navigate to={paths.classes} replace />;
  return <SessionRoll key={id} sessionId={Number(id)} />;
}

function takenWords(roll: Roll) {
  if (!roll.taken_at)
    return 'Not taken yet. Everyone starts present: tap who is late, absent or excused.';
  const by = roll.taken_by ? ` by ${roll.taken_by}` : '';
  const changed =
    roll.changed_at && roll.changed_at !== roll.taken_at
      ? ` Last changed ${formatLongDateTime(roll.changed_at)}.`
      : '';
  return `Taken${by} ${formatLongDateTime(roll.taken_at)}.${changed}`;
}

function SessionRoll({ sessionId }: { sessionId: number }) {
  const roll = useRoll(sessionId);
  const session = roll.data?.session;
  return (
    <Screen
      title={session ? `Roll: ${session.class_name}` : 'Roll'}
      subtitle={
        session
          ? `${session.session_day}, ${formatDateAsWritten(session.session_date)} · ${session.session_time}`
          : undefined
      }
      back={
        session
          ? { to: hrefs.classPage(session.class_id), label: 'Back to the class' }
          : { to: paths.classes, label: 'Back to Classes' }
      }
      width="narrow"
    >
      <KeptOffline isKept={keepsTeachingDay()}>
        <QueryView
          query={roll}
          error={explainFailure('The roll could not be loaded. Please try again.')}
        >
          {(data) =>
            data.session.cancelled ? (
              <Message tone="info">This session was cancelled: it has no roll.</Message>
            ) : data.students.length === 0 ? (
              <EmptyState>No students hold this session.</EmptyState>
            ) : (
              <>
                <p>{takenWords(data)}</p>
                {roll.isPaused && (
                  <Meta>
                    Loaded {formatInstant(roll.dataUpdatedAt)}. The roll is loaded again when you
                    are back online.
                  </Meta>
                )}
                <RollForm roll={data} />
              </>
            )
          }
        </QueryView>
      </KeptOffline>
    </Screen>
  );
}
