import { describe, expect, it } from 'vitest';
import { fileNameOf } from './client';

describe('fileNameOf', () => {
  it('takes the exact name a PDF was given, in any script, before the ASCII one', () => {
    const name = 'Report card - Ayşe Yılmaz - Autumn 2026.pdf';
    expect(
      fileNameOf(
        `attachment; filename="Report card - Ay_e Y_lmaz - Autumn 2026.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
      ),
    ).toBe(name);
    expect(fileNameOf('attachment; filename="plain.pdf"')).toBe('plain.pdf');
    expect(fileNameOf('attachment; filename="x.pdf"; filename*=UTF-8\'\'%E0%A4%A')).toBe('x.pdf');
    expect(fileNameOf(null)).toBeUndefined();
  });
});
