import { describe, expect, it } from 'vitest';
import { resolveFileUrl } from './file-links';

describe('resolveFileUrl', () => {
  it('keeps external links', () => {
    expect(resolveFileUrl('https://files.example.com/a.pdf')).toBe(
      'https://files.example.com/a.pdf',
    );
  });
  it('puts API-relative links under /api/', () => {
    expect(resolveFileUrl('files/12?exp=1&sig=abc')).toBe('/api/files/12?exp=1&sig=abc');
  });
  it('keeps site-absolute paths', () => {
    expect(resolveFileUrl('/api/files/3')).toBe('/api/files/3');
  });
});
