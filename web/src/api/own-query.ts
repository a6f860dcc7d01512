import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { readStoredUser } from './session';

/**
 * A question about the signed-in student's own things: asked with their id, and not at all
 * while no one is signed in (or `enabled` says to wait). `options` adds what the screen needs:
 * kept offline (`meta`), polled, a `select`.
 */
export function useOwnQuery<TAnswer, TData = TAnswer>(
  key: (userId: number | undefined) => QueryKey,
  ask: (userId: number) => Promise<TAnswer>,
  {
    enabled = true,
    ...options
  }: Omit<UseQueryOptions<TAnswer, Error, TData>, 'queryKey' | 'queryFn' | 'enabled'> & {
    enabled?: boolean;
  } = {},
) {
  const userId = readStoredUser()?.id;
  return useQuery({
    ...options,
    queryKey: key(userId),
    queryFn: () => ask(userId ?? 0),
    enabled: enabled && userId !== undefined,
  });
}
