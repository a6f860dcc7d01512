import type { RoleName } from '@academy/contract/constants';
import { useState } from 'react';
import { explainFailure, failureText } from '../../api/failure-text';
import { readStoredUser } from '../../api/session';
import { formatLongDateTime } from '../../lib/dates';
import {
  Button,
  Card,
  ConfirmedChangeButton,
  FormMessage,
  QueryView,
  useFormOutcome,
} from '../../ui';
import { CalendarAddress } from './calendar-address';
import styles from './calendar-card.module.css';
import {
  type NewCalendarAddress,
  useCalendarFeed,
  useRenewCalendarFeed,
} from './use-calendar-feed';

/** What each person's calendar holds (the server's feed decides; docs/decisions.md). */
const HOLDS: Record<RoleName, string> = {
  user: 'Your class sessions, due dates, and exam and Skill Builder times',
  teacher: 'The sessions of the classes you teach',
  admin: 'The exam, Skill Builder and speaking question times',
};

const NOT_MADE = 'Could not make a calendar address. Please try again.';

/**
 * Calendar (issue 31, point 5): the person's private calendar address, which their phone's
 * calendar subscribes to. Made on request and shown once; a new one replaces it (asked first:
 * the old one stops working).
 */
export function CalendarCard() {
  const feed = useCalendarFeed();
  const renew = useRenewCalendarFeed();
  const outcome = useFormOutcome();
  const [made, setMade] = useState<NewCalendarAddress | null>(null);
  const role = readStoredUser()?.role ?? 'user';

  const reports = {
    onSuccess: (answer: NewCalendarAddress) => {
      setMade(answer);
      outcome.succeed(answer.message);
    },
    onError: (error: Error) => outcome.fail(failureText(error, { fallback: NOT_MADE })),
  };

  return (
    <Card title="Calendar" className={styles.card}>
      <p className={styles.caption}>
        {HOLDS[role]}, in your phone's calendar. It keeps itself up to date.
      </p>
      <QueryView
        query={feed}
        loading="Loading your calendar address..."
        error={explainFailure('Error loading your calendar address. Please try again.')}
      >
        {({ feed: current }) => (
          <>
            <FormMessage outcome={outcome} />
            {made && <CalendarAddress url={made.url} />}
            {!made && current && (
              <p className={styles.status}>
                Your calendar address was made on {formatLongDateTime(current.made_at)}.{' '}
                {current.last_read_at
                  ? `A calendar last read it on ${formatLongDateTime(current.last_read_at)}.`
                  : 'No calendar has read it yet.'}{' '}
                For your privacy it is shown only once, when it is made. Lost it? Make a new one.
              </p>
            )}
            {!made && !current && (
              <p className={styles.status}>You have no calendar address yet.</p>
            )}
            {current || made ? (
              <ConfirmedChangeButton
                change={renew}
                variables={undefined}
                reports={reports}
                label="Make a new address"
                title="Make a new calendar address?"
                confirmLabel="Make a new address"
              >
                The old address stops working at once: calendars that use it stop updating until you
                add the new one.
              </ConfirmedChangeButton>
            ) : (
              <Button onClick={() => renew.mutate(undefined, reports)} disabled={renew.isPending}>
                {renew.isPending ? 'Making...' : 'Make my calendar address'}
              </Button>
            )}
          </>
        )}
      </QueryView>
    </Card>
  );
}
