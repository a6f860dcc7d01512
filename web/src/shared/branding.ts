import type { PageBranding } from '@academy/contract';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { call } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { pageBranding } from './page-shell';

/**
 * Branding changes seldom (an administrator's Settings screen): read again when the live
 * stream says the settings changed, or when shown after 10 minutes; kept for opening offline.
 */
const once = {
  staleTime: 10 * 60_000,
  gcTime: Number.POSITIVE_INFINITY,
  meta: { offline: true },
} as const;

/**
 * The page the server sent carries these answers (shared/page-shell.ts): the first screen starts
 * from them, fresh as of the page's arrival, instead of asking. Without them (the offline
 * worker's copy of the page), the call is made as before.
 */
function useBranding<C extends keyof PageBranding>(
  name: C,
  query: { queryKey: QueryKey; queryFn: () => Promise<PageBranding[C]> },
) {
  return useQuery({
    ...query,
    ...once,
    initialData: () => pageBranding()?.[name],
    initialDataUpdatedAt: () => (pageBranding() ? performance.timeOrigin : undefined),
  });
}

export const useLogo = () =>
  useBranding('logo', { queryKey: queryKeys.branding.logo(), queryFn: () => call('logo', {}) });

export const useLoginBackground = () =>
  useBranding('loginBackground', {
    queryKey: queryKeys.branding.loginBackground(),
    queryFn: () => call('loginBackground', {}),
  });

export const useUserBackground = () =>
  useBranding('userBackground', {
    queryKey: queryKeys.branding.userBackground(),
    queryFn: () => call('userBackground', {}),
  });

/** The academy's name and its external links (Online Class, Website). */
export const useAppConfig = () =>
  useBranding('appConfig', {
    queryKey: queryKeys.branding.config(),
    queryFn: () => call('appConfig', {}),
  });

/**
 * The academy's time zone (Settings), in which due times are entered and shown; undefined
 * until known, when the reader's own clock stands in.
 */
export const useAcademyTimeZone = () => useAppConfig().data?.timeZone;
