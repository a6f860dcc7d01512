import type { CallRequest, ImplementedCall } from '@academy/contract';
import type { UploadFields } from '@academy/contract/uploads';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

/**
 * A change on the server after which what is shown of it is asked for again: every query
 * under each of `refreshed` (an area's key). The change counts as pending until they have
 * been, so a screen's busy button lasts until its list shows the change.
 */
export function useRefreshingMutation<TInput, TAnswer>(
  mutationFn: (input: TInput) => Promise<TAnswer>,
  ...refreshed: QueryKey[]
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(refreshed.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** The contract's call `name` as such a change, given the call's own request. */
export const useRefreshingCall = <K extends ImplementedCall>(name: K, ...refreshed: QueryKey[]) =>
  useRefreshingMutation(
    (request: CallRequest<K> & UploadFields<K>) => call(name, request),
    ...refreshed,
  );
