import { describe, expect, it } from 'vitest';
import { readCertificateCode, verifyPath } from './certificates.js';

describe('readCertificateCode', () => {
  it('reads a code as stored, and as people type it from paper', () => {
    const stored = 'ABCDE-FGHJK-LMNPQ-RSTUV';
    expect(readCertificateCode(stored)).toBe(stored);
    expect(readCertificateCode('abcde fghjk lmnpq rstuv')).toBe(stored);
    expect(readCertificateCode(' ABCDEFGHJKLMNPQRSTUV ')).toBe(stored);
    expect(readCertificateCode('abcde--fghjk-lmnpq-rstuv')).toBe(stored);
  });

  it('refuses what no code can be: the wrong length, or letters a code never has', () => {
    expect(readCertificateCode('')).toBeNull();
    expect(readCertificateCode('ABCDE-FGHJK-LMNPQ-RSTU')).toBeNull();
    expect(readCertificateCode('ABCDE-FGHJK-LMNPQ-RSTUVW')).toBeNull();
    // I, O, 0 and 1 are left out of the alphabet: they read alike.
    expect(readCertificateCode('ABCDE-FGHJK-LMNPQ-RSTU0')).toBeNull();
    expect(readCertificateCode('ABCDE-FGHJK-LMNPQ-RSTUI')).toBeNull();
    expect(readCertificateCode('ABCDE/FGHJK/LMNPQ/RSTUV')).toBeNull();
  });

  it('links to the public page of a code', () => {
    expect(verifyPath('ABCDE-FGHJK-LMNPQ-RSTUV')).toBe('/verify/ABCDE-FGHJK-LMNPQ-RSTUV');
  });
});
