import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import type { IncomeDraft } from './report-view';

/**
 * The money reports' reads (issue 52, point 8), under the tuition key: the live 'tuition'
 * topic (a payment, a void, a charge) asks them again. What was shown stays while the next
 * range or year loads.
 */

/** Income over a range; not asked while the range is wrong (null). */
export const useIncome = (request: IncomeDraft | null) =>
  useQuery({
    queryKey: queryKeys.tuition.reports('income', request ?? {}),
    queryFn: () => call('moneyIncome', request ?? { from: '', to: '', by: 'day' }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });

/** What is outstanding on each term's charges. */
export const useOutstanding = () =>
  useQuery({
    queryKey: queryKeys.tuition.reports('outstanding', {}),
    queryFn: () => call('moneyOutstanding', {}),
  });

/** A year's receipt numbers checked ('' : the academy's year). */
export const useReceiptCheck = (year: string) => {
  const request = year ? { year: Number(year) } : {};
  return useQuery({
    queryKey: queryKeys.tuition.reports('receipts', request),
    queryFn: () => call('receiptCheck', request),
    placeholderData: keepPreviousData,
  });
};
