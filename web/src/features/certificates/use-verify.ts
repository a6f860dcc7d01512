import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/**
 * What a certificate's code certifies, asked once: the server counts unknown codes against the
 * address (a 429 past its limit), so a refusal is never asked again by itself.
 */
export function useVerifiedCertificate(code: string) {
  return useQuery({
    queryKey: queryKeys.certificates.verify(code),
    queryFn: async () => (await call('verifyCertificate', { code })).certificate,
    enabled: code !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
