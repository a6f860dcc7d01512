import type { CallRequest, SkillKind } from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client';

export const useAdminSkillItems = (kind: SkillKind) =>
  useQuery({ queryKey: ['skill-admin', kind], queryFn: () => call('listSkillItems', { kind }) });

export const useItemAttempts = (itemId: number) =>
  useQuery({
    queryKey: ['skill-admin', 'attempts', itemId],
    queryFn: () => call('skillItemAttempts', { item_id: itemId }),
  });

export function useSaveSkillItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CallRequest<'saveSkillItem'>) => call('saveSkillItem', payload),
    onSuccess: (_answer, payload) =>
      queryClient.invalidateQueries({ queryKey: ['skill-admin', payload.kind] }),
  });
}

export function useDeleteSkillItem(kind: SkillKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('deleteSkillItem', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['skill-admin', kind] }),
  });
}
