import { describe, expect, it } from 'vitest';
import { checkFileLink, FILE_LINK_TTL_MS, signFileUrl } from './signing.js';

const secret = 'a-test-secret-that-is-long-enough-123';

function parse(link: string) {
  const url = new URL(link, 'http://x/api/');
  return {
    fileId: Number(url.pathname.split('/').pop()),
    expires: Number(url.searchParams.get('exp')),
    userId: Number(url.searchParams.get('u')),
    signature: url.searchParams.get('sig') ?? '',
  };
}

describe('signed file links', () => {
  const now = Date.UTC(2026, 10, 22, 12);
  const link = signFileUrl(secret, 42, 7, now);

  it('is relative to the API base and verifies', () => {
    expect(link).toMatch(/^files\/42\?exp=\d+&u=7&sig=[A-Za-z0-9_-]+$/);
    expect(checkFileLink(secret, parse(link), now)).toBe('ok');
  });

  it('expires', () => {
    expect(checkFileLink(secret, parse(link), now + FILE_LINK_TTL_MS + 1000)).toBe('expired');
  });

  it('refuses any change to the file, the user, the expiry or the signature', () => {
    const good = parse(link);
    expect(checkFileLink(secret, { ...good, fileId: 43 }, now)).toBe('bad-signature');
    expect(checkFileLink(secret, { ...good, userId: 8 }, now)).toBe('bad-signature');
    expect(checkFileLink(secret, { ...good, expires: good.expires + 3600 }, now)).toBe(
      'bad-signature',
    );
    expect(
      checkFileLink(secret, { ...good, signature: `${good.signature.slice(0, -1)}A` }, now),
    ).toBe('bad-signature');
    expect(checkFileLink('another-secret-that-is-long-enough', good, now)).toBe('bad-signature');
  });
});
