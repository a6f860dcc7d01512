import type { CallRequest, SkillKind } from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useRefreshingMutation } from '../../../api/refreshing-mutation';

export const useAdminSkillItems = (kind: SkillKind) =>
  useQuery({
    queryKey: queryKeys.skillAdmin.items(kind),
    queryFn: () => call('listSkillItems', { kind }),
  });

export const useItemAttempts = (itemId: number) =>
  useQuery({
    queryKey: queryKeys.skillAdmin.attempts(itemId),
    queryFn: () => call('skillItemAttempts', { item_id: itemId }),
  });

export function useSaveSkillItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CallRequest<'saveSkillItem'>) => call('saveSkillItem', payload),
    onSuccess: (_answer, payload) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.skillAdmin.items(payload.kind) }),
  });
}

export const useDeleteSkillItem = (kind: SkillKind) =>
  useRefreshingMutation(
    (id: number) => call('deleteSkillItem', { id }),
    queryKeys.skillAdmin.items(kind),
  );

/** A mark on a student's attempt at an item, or none (issue 30); the attempts are read again. */
export const useMarkAttempt = (itemId: number) =>
  useRefreshingMutation(
    ({ userId, mark }: { userId: number; mark: string }) =>
      call('markSkillAttempt', { item_id: itemId, user_id: userId, mark }),
    queryKeys.skillAdmin.attempts(itemId),
  );
