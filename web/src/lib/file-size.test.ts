import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('says bytes, kilobytes or megabytes, as a file manager does', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(12)).toBe('12 bytes');
    expect(formatFileSize(870_400)).toBe('850 KB');
    expect(formatFileSize(1_258_291)).toBe('1.2 MB');
    // The upload limit reads as what the forms say: 5 MB.
    expect(formatFileSize(5_242_880)).toBe('5.0 MB');
    expect(formatFileSize(15_728_640)).toBe('15 MB');
  });
});
