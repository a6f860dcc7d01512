import type { CallRequest, CallResponse } from '@academy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useRefreshingCall } from '../../../api/refreshing-mutation';

/**
 * Who owes (issue 52, point 5): the list, the reminder's estimate and the reminder. The list
 * is under the tuition key, so the live 'tuition' topic (a payment, a void, a charge) asks it
 * again.
 */

export type Debtors = CallResponse<'listDebtors'>;
export type DebtorFilters = CallRequest<'exportDebtors'>;

/** The screen's filters as typed: ids and days as text ('' for none), and the page. */
export interface FilterDraft {
  class_id: string;
  term_id: string;
  min_days_overdue: string;
  page: number;
}

export const NO_FILTERS: FilterDraft = {
  class_id: '',
  term_id: '',
  min_days_overdue: '',
  page: 1,
};

/** The filters as the calls take them: a blank one is left out. */
export function filtersOf(draft: FilterDraft): DebtorFilters {
  const filters: Record<string, string> = {};
  if (draft.class_id) filters.class_id = draft.class_id;
  if (draft.term_id) filters.term_id = draft.term_id;
  const days = draft.min_days_overdue.trim();
  if (days) filters.min_days_overdue = days;
  return filters as unknown as DebtorFilters;
}

/** A page of the debtors the filters keep, with totals over all of them. */
export const useDebtors = (draft: FilterDraft) => {
  const request = { ...filtersOf(draft), page: draft.page };
  return useQuery({
    queryKey: queryKeys.tuition.debtors(request),
    queryFn: () => call('listDebtors', request),
    placeholderData: keepPreviousData,
  });
};

/** How many a reminder would tell, and the SMS it would queue: asked when the popup opens. */
export const useReminderEstimate = (filters: DebtorFilters, open: boolean) =>
  useQuery({
    queryKey: queryKeys.tuition.debtors({ ...filters, estimate: true }),
    queryFn: () => call('estimateDebtorReminder', filters),
    enabled: open,
    staleTime: 0,
  });

export const useRemindDebtors = () => useRefreshingCall('remindDebtors', queryKeys.tuition.all);

/** The academy's automatic reminders: their days and words. */
export const usePaymentReminders = () =>
  useQuery({
    queryKey: queryKeys.tuition.reminders,
    queryFn: () => call('getPaymentReminders', {}),
  });

export const useSavePaymentReminders = () =>
  useRefreshingCall('savePaymentReminders', queryKeys.tuition.reminders);
