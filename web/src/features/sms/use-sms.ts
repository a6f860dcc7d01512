import type { CallRequest, CallResponse } from '@academy/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingCall } from '../../api/refreshing-mutation';

export type SmsGatewayAnswer = CallResponse<'getSmsGateway'>;

/** The SMS gateway as saved (its header values kept out) and this month's count: an admin's. */
export const useSmsGateway = () =>
  useQuery({ queryKey: queryKeys.settings.smsGateway(), queryFn: () => call('getSmsGateway', {}) });

/** Saving or turning off the gateway reads it again (the live stream tells other tabs). */
export const useSaveSmsGateway = () =>
  useRefreshingCall('saveSmsGateway', queryKeys.settings.smsGateway());
export const useRemoveSmsGateway = () =>
  useRefreshingCall('removeSmsGateway', queryKeys.settings.smsGateway());

/** One SMS through the saved gateway: the answer says what the gateway said. */
export const useSendTestSms = () =>
  useMutation({
    mutationFn: (payload: CallRequest<'sendTestSms'>) => call('sendTestSms', payload),
  });
