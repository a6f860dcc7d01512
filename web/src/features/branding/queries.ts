import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';

/**
 * Branding changes seldom (an administrator's Settings screen): read again when the live
 * stream says the settings changed, or when shown after 10 minutes; kept for opening offline.
 */
const once = {
  staleTime: 10 * 60_000,
  gcTime: Number.POSITIVE_INFINITY,
  meta: { offline: true },
} as const;

export const useLogo = () =>
  useQuery({ queryKey: ['branding', 'logo'], queryFn: () => call('logo', {}), ...once });

export const useLoginBackground = () =>
  useQuery({
    queryKey: ['branding', 'login-bg'],
    queryFn: () => call('loginBackground', {}),
    ...once,
  });

export const useUserBackground = () =>
  useQuery({
    queryKey: ['branding', 'user-bg'],
    queryFn: () => call('userBackground', {}),
    ...once,
  });

/** The academy's name and its external links (Online Class, Website). */
export const useAppConfig = () =>
  useQuery({ queryKey: ['branding', 'config'], queryFn: () => call('appConfig', {}), ...once });

/**
 * The academy's time zone (Settings), in which due times are entered and shown; undefined
 * until known, when the reader's own clock stands in.
 */
export const useAcademyTimeZone = () => useAppConfig().data?.timeZone;
