import { call } from '../api/client';
import { useOwnQuery } from '../api/own-query';
import { queryKeys } from '../api/query-keys';

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
