import { isIP } from 'node:net';

/**
 * Addresses the server itself is asked to send to (an SMS gateway, a device's push service),
 * judged by how they are written: the one rule for both.
 */

/** Loopback and private addresses (RFC 1918, IPv6 unique local), and localhost. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost') return true;
  if (isIP(host) === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  if (isIP(host) === 6) return host === '::1' || /^f[cd][0-9a-f]{0,2}:/.test(host);
  return false;
}

/** Link-local addresses (169.254.0.0/16, fe80::/10): where clouds answer with their secrets. */
export function isLinkLocal(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) === 4) return host.startsWith('169.254.');
  return isIP(host) === 6 && /^fe[89ab][0-9a-f]?:/.test(host);
}
