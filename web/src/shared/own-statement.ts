import { call } from '../api/client';
import { useOwnQuery } from '../api/own-query';
import { queryKeys } from '../api/query-keys';
import { todayOn } from '../lib/dates';
import { useAcademyTimeZone } from './branding';

/**
 * The student's own statement (issue 52, point 6), kept on the phone like their quizzes (the
 * route is 'kept', and getStatement is one of the contract's KEPT_ANSWERS): the home's Payments
 * tile, My payments and the card-transfer form read it. The live topic 'tuition' refreshes it
 * when the desk records a payment.
 */
export const useMyStatement = () =>
  useOwnQuery(
    queryKeys.tuition.statement,
    (userId) => call('getStatement', { student_id: userId }),
    { meta: { offline: true } },
  );

/** The academy's today, which decides what is overdue (the server counts days the same way). */
export const useAcademyToday = () => todayOn(useAcademyTimeZone());
