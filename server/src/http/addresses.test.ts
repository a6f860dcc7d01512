import { describe, expect, it } from 'vitest';
import { isLinkLocal, isLocalHost } from './addresses.js';

describe('addresses the server is asked to send to', () => {
  it('are local when loopback, private or localhost', () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.20',
      '[::1]',
      'fd12::1',
    ])
      expect(isLocalHost(host), host).toBe(true);
    for (const host of ['push.example.com', '8.8.8.8', '172.32.0.1', '2001:db8::1'])
      expect(isLocalHost(host), host).toBe(false);
  });

  it('are link-local in 169.254.0.0/16 and fe80::/10', () => {
    expect(isLinkLocal('169.254.169.254')).toBe(true);
    expect(isLinkLocal('[fe80::1]')).toBe(true);
    expect(isLinkLocal('169.25.1.1')).toBe(false);
    expect(isLinkLocal('fd00::1')).toBe(false);
  });
});
