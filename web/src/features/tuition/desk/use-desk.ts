import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useRefreshingCall } from '../../../api/refreshing-mutation';

/**
 * The desk's calls (issue 52, point 3). Every answer moves with the live 'tuition' topic; a
 * payment or a void made here asks this tab's tuition queries again itself (the stream does
 * not tell the tab that made a change).
 */

/** Payers whose name or username holds `q` (trimmed), with their balance; none asked for ''. */
export const usePayers = (q: string) =>
  useQuery({
    queryKey: queryKeys.tuition.payers(q),
    queryFn: () => call('findPayers', { q }),
    enabled: q !== '',
  });

/**
 * The academy's currency for the search's balances (the statement carries its own): from the
 * settings an administrator reads, under the settings' own key.
 */
export const useDeskCurrency = () =>
  useQuery({
    queryKey: queryKeys.settings.settings(),
    queryFn: () => call('getSettings', {}),
    select: (answer) => answer.settings.currency,
  });

/** One payer's statement: rows, balance, instalments with what is outstanding, receipts. */
export const useStatement = (studentId: number) =>
  useQuery({
    queryKey: queryKeys.tuition.statement(studentId),
    queryFn: () => call('getStatement', { student_id: studentId }),
    enabled: studentId > 0,
  });

export const useRecordPayment = () => useRefreshingCall('recordPayment', queryKeys.tuition.all);

/** One payment for the payer's brothers and sisters, a receipt for each child's share. */
export const useRecordFamilyPayment = () =>
  useRefreshingCall('recordFamilyPayment', queryKeys.tuition.all);

/** A payer's brothers and sisters with what each owes (students with a guardian in common). */
export const useFamily = (studentId: number) =>
  useQuery({
    queryKey: queryKeys.tuition.family(studentId),
    queryFn: () => call('getFamily', { student_id: studentId }),
  });

export const useVoidRow = () => useRefreshingCall('voidLedgerRow', queryKeys.tuition.all);
