import type { CallResponse } from '@academy/contract';
import { markText } from '@academy/contract/marks';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call } from '../../api/client';
import { explainFailure } from '../../api/failure-text';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingCall } from '../../api/refreshing-mutation';
import { formatLongDate } from '../../lib/dates';
import { hrefs } from '../../shared/paths';
import { Button, Message, Meta } from '../../ui';
import { Section } from './student-section';
import styles from './students.module.css';

type Placement = CallResponse<'studentPlacements'>['placements'][number];

const usePlacements = (userId: number) =>
  useQuery({
    queryKey: queryKeys.quizzes.placements(userId),
    queryFn: () => call('studentPlacements', { user_id: userId }),
  });

const failure = explainFailure('The class could not be changed. Please try again.');

/**
 * A new student's placement tests (issue 51, point 9): each test's mark and the level its bands
 * suggest, a link to the answers, and for an administrator the classes of that level to put
 * the student in. Shown only once the student has taken one.
 */
export function StudentPlacement({ userId }: { userId: number }) {
  const placements = usePlacements(userId);
  const join = useRefreshingCall(
    'addClassStudents',
    queryKeys.quizzes.placements(userId),
    queryKeys.classes.ofStudent(userId),
  );
  if (placements.isError && !placements.data)
    return <Message tone="error">The placement tests could not be loaded.</Message>;
  const list = placements.data?.placements ?? [];
  if (list.length === 0) return null;
  return (
    <Section title="Placement tests">
      {join.isError && <Message tone="error">{failure(join.error)}</Message>}
      {join.isSuccess && <Message tone="success">{join.data.message}</Message>}
      <ul className={styles.placements}>
        {list.map((p) => (
          <li key={p.attempt_id}>
            <PlacementRow
              placement={p}
              userId={userId}
              busy={join.isPending}
              onJoin={(classId) => join.mutate({ class_id: classId, user_ids: [userId] })}
            />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function PlacementRow({
  placement: p,
  userId,
  busy,
  onJoin,
}: {
  placement: Placement;
  userId: number;
  busy: boolean;
  onJoin: (classId: number) => void;
}) {
  const level = p.suggested_level;
  return (
    <>
      <p>
        <strong>{p.quiz_title}</strong>, {formatLongDate(p.submitted_at)}:{' '}
        {p.mark ? markText(p.mark) : 'awaiting a teacher’s mark'}.{' '}
        {p.mark &&
          (level ? (
            <>
              Suggested level: <strong>{level}</strong>.
            </>
          ) : (
            'Below the first level of the test.'
          ))}
      </p>
      <Meta>
        <Link to={hrefs.quizAttempt(p.attempt_id, userId)}>See the answers</Link>
      </Meta>
      {level && p.classes.length > 0 && (
        <div className={styles.placementClasses}>
          {p.classes.map((c) => (
            <Button
              key={c.id}
              variant="secondary"
              size="small"
              disabled={busy}
              onClick={() => onJoin(c.id)}
            >
              Put in {c.name} ({c.students} {c.students === 1 ? 'student' : 'students'})
            </Button>
          ))}
        </div>
      )}
    </>
  );
}
