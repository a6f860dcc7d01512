import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingCall } from '../../api/refreshing-mutation';

/**
 * The academy's money rules, a discount at the desk, and a leaving student's settlement (issue
 * 52, point 2). All under the tuition key: the live 'tuition' topic asks them again, and a
 * discount or a settlement made here refreshes this tab's statement and proposal itself.
 */

/** The rules, and when and by whom they were last saved. */
export const useMoneyRules = () =>
  useQuery({
    queryKey: queryKeys.tuition.rules,
    queryFn: () => call('getMoneyRules', {}),
  });

export const useSaveMoneyRules = () => useRefreshingCall('saveMoneyRules', queryKeys.tuition.rules);

export const useGrantDiscount = () => useRefreshingCall('grantDiscount', queryKeys.tuition.all);

/** What the student leaving would be refunded or still owe for this charge; none asked for 0. */
export const useLeavingProposal = (studentId: number, chargeId: number) =>
  useQuery({
    queryKey: queryKeys.tuition.leaving(studentId, chargeId),
    queryFn: () => call('proposeLeaving', { student_id: studentId, charge_id: chargeId }),
    enabled: studentId > 0 && chargeId > 0,
  });

export const useSettleLeaving = () => useRefreshingCall('settleLeaving', queryKeys.tuition.all);
